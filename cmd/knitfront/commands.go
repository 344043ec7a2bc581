package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"knitfront"
	"knitfront/internal/api"
	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/invalidate"
	"knitfront/internal/metrics"
	"knitfront/internal/pricing"
	"knitfront/internal/shopify"
	"knitfront/internal/store"
	"knitfront/internal/storefront"
)

// shutdownTimeout bounds how long SIGTERM waits for in-flight requests.
const shutdownTimeout = 25 * time.Second

// openStore connects to the configured database and applies its migrations.
func openStore(ctx context.Context, cfg config, log *slog.Logger) (*store.DB, error) {
	db, err := store.OpenWithin(ctx, cfg.DatabaseURL, cfg.DBTimeout)
	if err != nil {
		return nil, err
	}
	if db.Engine() == store.Postgres {
		db.SetMaxConnections(cfg.PostgresConnections)
	}
	if err := db.Migrate(ctx, log); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func serve(ctx context.Context, cfg config, _ []string, log *slog.Logger, _ io.Writer) error {
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	return runServer(ctx, cfg, db, log, ratesPlan{feedURL: cfg.feedURL()}, apiSite)
}

// site is what a serving command serves beside the API: the files under
// /assets, and a handler for every other path (nil: none).
type site struct {
	assets  fs.FS
	handler func(s siteParts) (http.Handler, error)
	// ownOriginMayPost lets the site's own pages post reviews: the dev
	// storefront's. Under serve only the configured origins may.
	ownOriginMayPost bool
	// forwardsAppProxy stands in for Shopify's app proxy on the site's
	// own /apps/knitfront/…: dev's.
	forwardsAppProxy bool
	// shopAt, when set, gives the Shopify settings once the server's own
	// address is known: dev's, whose stand-in there is the shop it syncs.
	shopAt func(shop shopifyConfig, addr string) shopifyConfig
}

// siteParts are the pieces of the server a site's handler shares.
type siteParts struct {
	cfg     config
	log     *slog.Logger
	db      *store.DB
	prices  *pricing.Model
	assets  *api.Assets
	changes *invalidate.Hub
}

// apiSite is `serve`'s: the widget bundle, and nothing outside the API.
var apiSite = site{assets: knitfront.WebBundle()}

// devSite is `dev`'s: the theme's assets (where the web build copies the
// bundle too), and the dev storefront with the demo catalogue's pictures.
// With --theme, another theme's, with the app extension.
var devSite = site{assets: knitfront.DevAssets(), ownOriginMayPost: true, forwardsAppProxy: true, handler: func(p siteParts) (http.Handler, error) {
	theme, app := knitfront.Theme(), fs.FS(nil)
	if p.cfg.DevTheme != "" {
		theme, app = os.DirFS(p.cfg.DevTheme), knitfront.AppExtension()
	}
	standIn, admin := devAdminAPI(p.cfg, p.log)
	front, err := storefront.New(storefront.Config{
		Log: p.log, Store: p.db, Prices: p.prices, Theme: theme, AppExtension: app, AssetURL: p.assets.URL,
		Settings: p.cfg.ThemeSettings, ShowLiquidMistakes: p.cfg.DevTheme != "",
		// The theme reads the metafields knitfront's sync writes into the
		// stand-in, as a shop's theme reads them from Shopify.
		Metafields: standIn,
	})
	if err != nil {
		return nil, err
	}
	p.changes.Subscribe(front.Invalidate, invalidate.Catalog)
	mux := http.NewServeMux()
	mux.Handle("GET /demo-images/", demo.Images())
	mux.Handle("/admin/", admin)
	mux.Handle("/", front)
	return mux, nil
}}

// runServer serves the API on db, with site beside it, until ctx ends.
// Meanwhile it watches the database for changes and publishes them on a hub
// where every cache subscribes (the site's too), so that each drops what any
// instance or process changed; and it serves the metrics when the
// configuration asks for them. The currency rates come as plan says. It
// listens first, so that a site whose shop is the server itself knows its
// address; the Shopify work starts once it serves.
func runServer(ctx context.Context, cfg config, db *store.DB, log *slog.Logger, plan ratesPlan, site site) error {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", cfg.Addr, err)
	}
	defer ln.Close()
	if site.shopAt != nil {
		cfg.Shopify = site.shopAt(cfg.Shopify, ln.Addr().String())
	}
	rateService, stopRates, err := startRates(ctx, cfg, db, log, plan)
	if err != nil {
		return err
	}
	defer stopRates()
	m := metrics.New()
	m.WatchDBPool(db.Stats)
	m.WatchRatesAge(rateService.Date)
	cfg.Shopify.versions = shopify.NewVersionWatch(log, m.CountShopifyAPIVersionMismatch)

	var changes invalidate.Hub
	parts := siteParts{
		cfg:     cfg,
		log:     log,
		db:      db,
		prices:  pricing.New(db, time.Now, pricing.CountLookups(m.CountPriceLookups)),
		assets:  api.NewAssets(site.assets, log),
		changes: &changes,
	}
	changes.Subscribe(parts.prices.Invalidate, invalidate.Catalog)
	changes.Subscribe(rateService.Reload, invalidate.Rates)
	stopThemePrices, err := startThemePrices(cfg, db, &changes, log)
	if err != nil {
		return err
	}
	defer stopThemePrices()
	webhooks, startShopifyWork, stopShopify, err := startShopify(cfg, db, log, &changes)
	if err != nil {
		return err
	}
	defer stopShopify()
	var siteHandler http.Handler
	if site.handler != nil {
		if siteHandler, err = site.handler(parts); err != nil {
			return err
		}
	}
	proxy := appProxy(cfg.Shopify, site.forwardsAppProxy)
	var server http.Handler = api.New(api.Config{
		Log:              log,
		DB:               db,
		Assets:           parts.assets,
		Site:             siteHandler,
		Rates:            rateService,
		Prices:           parts.prices,
		Reviews:          newReviews(cfg, db),
		AllowedOrigins:   cfg.AllowedOrigins,
		OwnOriginMayPost: site.ownOriginMayPost,
		DBTimeout:        cfg.DBTimeout,
		TrustedProxies:   cfg.TrustedProxies,
		AdminToken:       cfg.AdminToken,
		Requests:         m,
		Webhooks:         webhooks,
		AppProxy:         proxy,
	})
	if site.forwardsAppProxy {
		server = withDevAppProxy(server, proxy)
	}

	stopWatching := watchChanges(db, &changes, cfg.DBTimeout, log)
	defer stopWatching()
	if cfg.MetricsAddr != "" {
		stopMetrics, err := serveMetrics(cfg.MetricsAddr, m.Handler(), log)
		if err != nil {
			return err
		}
		defer stopMetrics()
	}
	conns := api.DefaultConnLimits
	conns.TrustedProxies = cfg.TrustedProxies
	return listenAndServe(ctx, ln, server, conns, log, startShopifyWork)
}

// watchChanges runs db.WatchChanges for changes until the returned function
// is called, which waits for it to stop. It returns once the watch has
// dropped every cache the first time, which it does as it begins (having
// read the database's state, or on PostgreSQL listening), or after wait if
// the database does not answer by then: the server starts serving after it,
// so that this first drop does not take back an answer already cached.
func watchChanges(db *store.DB, changes *invalidate.Hub, wait time.Duration, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	sink := &firstDropSignal{Hub: changes, dropped: make(chan struct{})}
	go func() {
		db.WatchChanges(ctx, sink, log)
		close(stopped)
	}()
	select {
	case <-sink.dropped:
	case <-time.After(wait):
	}
	return func() {
		cancel()
		<-stopped
	}
}

// firstDropSignal is a hub that closes dropped the first time every cache
// is dropped.
type firstDropSignal struct {
	*invalidate.Hub
	once    sync.Once
	dropped chan struct{}
}

func (s *firstDropSignal) PublishAll() {
	s.Hub.PublishAll()
	s.once.Do(func() { close(s.dropped) })
}

// serveMetrics serves handler, the metrics, on a listener of its own at
// addr, apart from the public API, until the returned function is called.
func serveMetrics(addr string, handler http.Handler, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening for metrics on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", handler)
	srv := api.NewHTTPServer(mux, log)
	go func() { _ = srv.Serve(ln) }()
	log.Info("serving metrics", "addr", "http://"+ln.Addr().String()+"/metrics")
	return func() { _ = srv.Close() }, nil
}

// listenAndServe serves on ln until ctx ends, then stops taking connections
// and waits for in-flight requests before it returns. Once it serves, ready
// runs (it may call the server itself); only then does the log say the
// server listens. The connections it holds are bounded by conns.
func listenAndServe(ctx context.Context, ln net.Listener, handler http.Handler, conns api.ConnLimits, log *slog.Logger, ready func(context.Context) error) error {
	srv := api.NewHTTPServer(handler, log)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(api.LimitConnections(srv, ln, conns)) }()
	if err := ready(ctx); err != nil {
		_ = srv.Close()
		<-served
		return err
	}
	log.Info("listening", "addr", "http://"+ln.Addr().String())

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests", "timeout", shutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("draining requests: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

func migrate(ctx context.Context, cfg config, _ []string, log *slog.Logger, stdout io.Writer) error {
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	fmt.Fprintln(stdout, "migrations are up to date")
	return nil
}

func importFile(ctx context.Context, cfg config, args []string, log *slog.Logger, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: import takes one FILE, such as data/demo/catalog.json", errUsage)
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	doc, err := catalog.ReadDocument(f)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	sum, err := db.Import(ctx, doc)
	if err != nil {
		return fmt.Errorf("importing %s: %w", args[0], err)
	}
	fmt.Fprintf(stdout, "imported %s from %s\n", sum, args[0])
	return nil
}
