package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/demo"
	"knitfront/internal/invalidate"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store"
)

// shopifyConfig is how knitfront reaches the shop's Admin API and checks
// the shop's webhooks.
type shopifyConfig struct {
	Shop       string
	AdminToken string
	// ClientSecret is the app's client secret (or its former name's,
	// webhookSecret): it signs the shop's webhooks and the app proxy's
	// requests.
	ClientSecret string
	// webhookSecret is ClientSecret under its former name,
	// KNITFRONT_SHOPIFY_WEBHOOK_SECRET, still read.
	webhookSecret string
	// SyncInterval is the time between scheduled full syncs; 0: none.
	SyncInterval time.Duration
	syncInterval string
	// standIn says the shop is dev's own Shopify stand-in: it starts
	// afresh with the demo catalogue each time, so knitfront syncs from it
	// in full at every start, and since it changes only through the
	// webhooks it sends, no scheduled sync follows.
	standIn bool
	// DevCatalogue is where dev's catalogue comes from when no shop is
	// set: devFromStandIn or devFromImport.
	DevCatalogue string
	// devShop says dev serves its own stand-in, whose webhooks it keeps
	// whether it syncs from it or imports the demo catalogue.
	devShop bool
	// versions, set by the server, notes the Admin API versions Shopify
	// answers in for its metrics; nil outside it.
	versions *shopify.VersionWatch
}

// webhookShop is the shop domain whose webhooks are kept: the configured
// shop's, or, for a stand-in (a base URL, or dev's own), the stand-in's; ""
// when no shop is set, and then none is kept.
func (c shopifyConfig) webhookShop() string {
	u, err := shopify.ShopURL(c.Shop)
	switch {
	case err == nil && strings.HasSuffix(u.Hostname(), ".myshopify.com"):
		return strings.ToLower(u.Hostname())
	case err == nil || c.devShop:
		return shopifydev.ShopDomain
	}
	return ""
}

// The sources of dev's catalogue when no shop is set.
const (
	// devFromStandIn syncs it from dev's own Shopify stand-in.
	devFromStandIn = "stand-in"
	// devFromImport imports the demo catalogue into an empty database, as
	// a shop not on Shopify does: it keeps what the sync cannot carry
	// from the Admin API (fixed amounts in every currency, a discount for one market).
	devFromImport = "import"
)

func shopifySettings(c *shopifyConfig) []setting {
	return []setting{
		{"shop", "KNITFRONT_SHOPIFY_SHOP", "", "the Shopify shop sync reads from: its *.myshopify.com domain, or a base URL such as http://127.0.0.1:8081 for a stand-in", &c.Shop},
		{"shopify-admin-token", "KNITFRONT_SHOPIFY_ADMIN_TOKEN", "", "the shop's custom app's Admin API access token, with the scopes " + strings.Join(shopify.RequiredScopes, ", "), &c.AdminToken},
		{"shopify-client-secret", "KNITFRONT_SHOPIFY_CLIENT_SECRET", "", "the app's client secret, which signs the shop's webhooks and the app proxy's requests; set, POST /webhooks/shopify and the app proxy's paths under " + api.AppProxyPath + " are served (under dev the proxy's always are, with dev's own secret when none is set)", &c.ClientSecret},
		{"shopify-webhook-secret", "KNITFRONT_SHOPIFY_WEBHOOK_SECRET", "", "the former name of --shopify-client-secret (KNITFRONT_SHOPIFY_CLIENT_SECRET)", &c.webhookSecret},
		{"dev-catalogue", "KNITFRONT_DEV_CATALOGUE", devFromStandIn, "dev only, with no shop set: " + devFromStandIn + " syncs the demo catalogue from dev's own Shopify stand-in at every start, and its changes (POST /admin/dev/changes) come back as signed webhooks; " + devFromImport + " imports the demo catalogue into an empty database, keeping what Shopify's Admin API cannot carry (fixed amounts in every currency, a discount for one market)", &c.DevCatalogue},
		{"sync-interval", "KNITFRONT_SYNC_INTERVAL", "24h", "serve and dev with the shop and its token set: the time between scheduled full syncs from Shopify, which one instance runs (a duration such as 24h; 0 turns them off); an empty database syncs at start whatever it is", &c.syncInterval},
	}
}

// validate reads the sync interval and checks the shop's address when one
// is set; the token is checked by the commands that need it, since only
// they can say so.
func (c *shopifyConfig) validate() error {
	interval, err := time.ParseDuration(c.syncInterval)
	if c.syncInterval == "0" {
		interval, err = 0, nil
	}
	if err != nil || interval < 0 || (interval > 0 && interval < minSyncInterval) {
		return fmt.Errorf("KNITFRONT_SYNC_INTERVAL (--sync-interval): %q is not 0 or a duration of at least %v, such as 24h", c.syncInterval, minSyncInterval)
	}
	c.SyncInterval = interval
	switch {
	case c.ClientSecret == "":
		c.ClientSecret = c.webhookSecret
	case c.webhookSecret != "" && c.webhookSecret != c.ClientSecret:
		return errors.New("KNITFRONT_SHOPIFY_CLIENT_SECRET and KNITFRONT_SHOPIFY_WEBHOOK_SECRET, its former name, are both set and differ: keep only KNITFRONT_SHOPIFY_CLIENT_SECRET")
	}
	if c.DevCatalogue != devFromStandIn && c.DevCatalogue != devFromImport {
		return fmt.Errorf("KNITFRONT_DEV_CATALOGUE (--dev-catalogue): %q is neither %s nor %s", c.DevCatalogue, devFromStandIn, devFromImport)
	}
	if c.Shop == "" {
		return nil
	}
	if _, err := shopify.ShopURL(c.Shop); err != nil {
		return fmt.Errorf("KNITFRONT_SHOPIFY_SHOP (--shop): %w", err)
	}
	return nil
}

// client is an Admin API client for the configured shop, or an error that
// names the setting to fix.
func (c shopifyConfig) client(opts ...shopify.Option) (*shopify.Client, error) {
	if c.Shop == "" {
		return nil, errors.New("KNITFRONT_SHOPIFY_SHOP (--shop) is not set: give the shop's *.myshopify.com domain")
	}
	if c.versions != nil {
		opts = append(opts, shopify.WithVersionWatch(c.versions))
	}
	client, err := shopify.NewClient(c.Shop, shopify.StaticToken(c.AdminToken), opts...)
	if err != nil {
		return nil, shopifyError(err)
	}
	return client, nil
}

// shopifyError names the setting behind an Admin API refusal, so the
// message tells an operator what to fix.
func shopifyError(err error) error {
	var denied *shopify.AuthError
	if !errors.As(err, &denied) {
		return err
	}
	fix := "it needs the Admin API access scopes " + strings.Join(shopify.RequiredScopes, ", ")
	if len(denied.Scopes) > 0 {
		fix = "give the custom app the Admin API access scopes " + strings.Join(denied.Scopes, ", ")
	}
	return errors.New("KNITFRONT_SHOPIFY_ADMIN_TOKEN (--shopify-admin-token): " + denied.Reason + "; " + fix + " (docs/shopify-setup.md)")
}

// minSyncInterval is the shortest time between scheduled full syncs: a
// sync is a bulk operation, of which Shopify runs one at a time per app.
const minSyncInterval = time.Minute

// devAdminToken is the offline Shopify's Admin API token under dev when
// KNITFRONT_SHOPIFY_ADMIN_TOKEN is not set.
const devAdminToken = "shpat_knitfront_dev"

// devAdminAPI is dev's offline Shopify Admin API, serving the demo
// catalogue under /admin/, so that `knitfront sync --shop` against dev runs
// the whole sync on one machine. With a webhook secret, a change made
// through its dev-only endpoint sends a signed webhook to this server, found
// at the address the change was asked of.
func devAdminAPI(cfg config, log *slog.Logger) (*shopifydev.Server, http.Handler) {
	token := cfg.Shopify.AdminToken
	if token == "" {
		token = devAdminToken
	}
	log.Info("serving an offline Shopify Admin API with the demo catalogue", "path", shopify.GraphQLPath,
		"changes", shopifydev.ChangesPath)
	standIn := shopifydev.New(demo.Catalog(), token, time.Now)
	if cfg.Shopify.ClientSecret == "" {
		return standIn, standIn
	}
	var target sync.Once
	return standIn, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target.Do(func() {
			standIn.SendWebhooksTo("http://"+r.Host+"/webhooks/shopify", []byte(cfg.Shopify.ClientSecret))
		})
		standIn.ServeHTTP(w, r)
	})
}

// startShopify prepares what keeps the catalogue a copy of the shop, and
// start runs it once the server listens: with the shop and its token set,
// the scheduled full sync (for dev's own stand-in, one full sync at once,
// before start returns), and with the webhook secret too, the worker that
// applies the shop's webhooks, telling changes of what it writes; until
// stop is called. The webhook receiver keeps the shop's signed webhooks in
// the database; it is nil, with no route, when no webhook secret is set.
func startShopify(cfg config, db *store.DB, log *slog.Logger, changes *invalidate.Hub) (webhooks http.Handler, start func(context.Context) error, stop func(), err error) {
	var background []func(context.Context)
	var worker *inboxWorker
	var client *shopify.Client
	if cfg.Shopify.Shop != "" && cfg.Shopify.AdminToken != "" {
		if client, err = cfg.Shopify.client(); err != nil {
			return nil, nil, nil, err
		}
		owner := instanceName()
		if !cfg.Shopify.standIn {
			background = append(background, (&reconciler{
				db: db, interval: cfg.Shopify.SyncInterval, owner: owner, log: log, now: time.Now,
				sync: func(ctx context.Context) error {
					_, err := fullSync(ctx, db, client)
					return err
				},
			}).run)
		}
		if cfg.Shopify.ClientSecret != "" {
			worker = newInboxWorker(db, client, owner, log)
			worker.written = func() { changes.Publish(invalidate.Catalog) }
			background = append(background, worker.run)
		}
	}
	if cfg.Shopify.ClientSecret != "" {
		shop := cfg.Shopify.webhookShop()
		switch {
		case shop == "":
			log.Warn("the shop's webhooks are answered but not kept until KNITFRONT_SHOPIFY_SHOP is set: only the configured shop's are kept")
		case worker == nil:
			log.Warn("the shop's webhooks are kept but not applied until KNITFRONT_SHOPIFY_SHOP and KNITFRONT_SHOPIFY_ADMIN_TOKEN are set")
		}
		webhooks = &shopify.WebhookReceiver{
			Secret: []byte(cfg.Shopify.ClientSecret),
			Shop:   shop,
			Save: func(ctx context.Context, e shopify.WebhookEvent) (bool, error) {
				added, err := db.AddWebhookEvent(ctx, store.WebhookEvent(e))
				if added && worker != nil {
					worker.Wake()
				}
				return added, err
			},
			Log: log,
			Now: time.Now,
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	start = func(startCtx context.Context) error {
		if cfg.Shopify.standIn {
			if err := syncStandIn(startCtx, db, client, log); err != nil {
				return err
			}
		}
		for _, run := range background {
			running.Go(func() { run(ctx) })
		}
		return nil
	}
	return webhooks, start, func() {
		cancel()
		running.Wait()
	}, nil
}

// syncStandIn syncs the whole catalogue from dev's own stand-in and logs
// what it holds then.
func syncStandIn(ctx context.Context, db *store.DB, client *shopify.Client, log *slog.Logger) error {
	began := time.Now()
	if _, err := fullSync(ctx, db, client); err != nil {
		return fmt.Errorf("dev: syncing from its own Shopify stand-in: %w", err)
	}
	products, err := db.ProductCount(ctx)
	if err != nil {
		return err
	}
	log.Info("dev: catalogue synced from its own Shopify stand-in", "products", products, "took", time.Since(began).Round(time.Millisecond).String())
	return nil
}
