// Package storefront is the stand-in for the Shopify storefront that
// `knitfront dev` serves, so the whole product runs on one machine with no
// network: it renders the real theme/ files with Liquid (the objects, tags and
// filters the theme uses), keeps carts behind Shopify's AJAX cart API and the
// Storefront GraphQL calls the widgets make, and takes the shopper's country
// the way Shopify does. It never runs in production, where Shopify plays its
// part.
package storefront

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/graph-gophers/graphql-go"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/errs"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

// Store holds the catalogue and the carts; *store.DB implements it.
type Store interface {
	Catalog(ctx context.Context) (catalog.Document, error)
	// Cart returns the cart with the token, or errs.ErrNotFound.
	Cart(ctx context.Context, token string) (cart.Cart, error)
	// ChangeCart runs change on the cart (an empty one when new) and saves
	// what it leaves when it returns nil.
	ChangeCart(ctx context.Context, token string, now time.Time, change func(*cart.Cart) error) (cart.Cart, error)
}

// Prices looks up the variants' prices and automatic discounts;
// *pricing.Model implements it.
type Prices interface {
	Variants(ctx context.Context, market money.Market, variantIDs []int64) (map[int64]pricing.Quote, error)
}

// Config holds what the storefront needs.
type Config struct {
	Log    *slog.Logger
	Store  Store
	Prices Prices
	// Theme is the theme folder: layout/, templates/, sections/, ...
	Theme fs.FS
	// AppExtension, when set, is knitfront's theme app extension (blocks/,
	// locales/): the theme takes its app blocks and every page renders its
	// app embed, as in a shop that installed the app.
	AppExtension fs.FS
	// AssetURL gives the address of a file served under /assets/.
	AssetURL func(name string) string
	// Settings override theme settings of config/settings_data.json, as a
	// merchant changes them in the theme editor: for example
	// {"knitfront_enabled": false} renders the shop without the add-on.
	Settings map[string]any
	Now      func() time.Time
	// Metafields, when set, are the app metafields Liquid reads on the
	// shop and its variants.
	Metafields Metafields
	// ShowLiquidMistakes shows the theme's Liquid mistakes in place, as
	// Shopify does, logging each once, rather than failing on them: for a
	// theme the project did not write, such as Shopify's own.
	ShowLiquidMistakes bool
}

// appHandle is the app's handle in Shopify's addresses of its app blocks:
// shopify://apps/knitfront/blocks/{block}/{uuid}.
const appHandle = "knitfront"

// Storefront serves the dev storefront.
type Storefront struct {
	cfg     Config
	log     *slog.Logger
	theme   *Theme
	graphql *graphql.Schema
	mux     *http.ServeMux

	// The catalogue as last read, reused for catalogueTTL.
	catalogueMu     sync.Mutex
	catalogueIndex  *catalog.Index
	catalogueReadAt time.Time
}

// catalogueTTL bounds how long a read of the catalogue is reused when no
// change reaches Invalidate. Reading the demo catalogue takes a few
// milliseconds, more than rendering most pages.
const catalogueTTL = time.Minute

// New compiles the theme and returns the storefront; a theme that does not
// compile is an error here, not on the first page.
func New(cfg Config) (*Storefront, error) {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	load := LoadTheme
	if cfg.ShowLiquidMistakes {
		load = func(fsys fs.FS, assetURL func(string) string) (*Theme, error) {
			return LoadThemeShowingMistakes(fsys, assetURL, func(err error) {
				cfg.Log.Error("the theme has a Liquid mistake; pages show it in its place", "err", err)
			})
		}
	}
	theme, err := load(cfg.Theme, cfg.AssetURL)
	if err != nil {
		return nil, err
	}
	if err := theme.OverrideSettings(cfg.Settings); err != nil {
		return nil, err
	}
	if cfg.AppExtension != nil {
		app, err := LoadAppExtension(appHandle, cfg.AppExtension, cfg.AssetURL)
		if err != nil {
			return nil, err
		}
		theme.UseAppExtension(app)
	}
	s := &Storefront{cfg: cfg, log: cfg.Log, theme: theme}
	if s.graphql, err = newGraphQLSchema(s); err != nil {
		return nil, err
	}
	s.mux = s.routes()
	return s, nil
}

// ServeHTTP serves a request.
func (s *Storefront) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// routes is the storefront's surface: Shopify's addresses.
func (s *Storefront) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{path...}", s.page)
	mux.HandleFunc("POST /localization", s.localization)
	mux.HandleFunc("GET /checkouts/{token}", s.checkout)
	mux.HandleFunc("GET "+standardEventsPath, serveStandardEvents)
	// The bundles of the theme's {% stylesheet %} and {% javascript %}.
	mux.HandleFunc("GET /compiled_assets/{name}", func(w http.ResponseWriter, r *http.Request) {
		if !s.theme.ServeCompiledAssets(w, r) {
			http.NotFound(w, r)
		}
	})
	// Browsers ask for it when a theme names no icon, as Dawn without one.
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	mux.HandleFunc("GET /cart.js", s.cartJS)
	mux.HandleFunc("GET /cart.json", s.cartJS)
	mux.HandleFunc("POST /cart/add.js", s.cartAddJS)
	mux.HandleFunc("POST /cart/change.js", s.cartChangeJS)
	mux.HandleFunc("POST /cart/update.js", s.cartUpdateJS)
	mux.HandleFunc("POST /cart/clear.js", s.cartClearJS)
	// Dawn's cart scripts post their JSON to routes.cart_change_url and
	// routes.cart_update_url, which have no .js: Shopify answers them alike.
	mux.HandleFunc("POST /cart/change", s.cartChangeJS)
	mux.HandleFunc("POST /cart/update", s.cartUpdateJS)
	// The same changes from plain forms and links, which go back to /cart.
	mux.HandleFunc("POST /cart/add", s.cartAddForm)
	mux.HandleFunc("GET /cart/change", s.cartChangeLink)
	mux.HandleFunc("POST /cart", s.cartForm)

	mux.HandleFunc("POST /api/{version}/graphql.json", s.storefrontAPI)
	return mux
}

// Invalidate drops the catalogue as last read: the next page reads it again.
func (s *Storefront) Invalidate() {
	s.catalogueMu.Lock()
	s.catalogueIndex = nil
	s.catalogueMu.Unlock()
}

// catalogue returns the catalogue, read again after Invalidate or once
// catalogueTTL has passed.
func (s *Storefront) catalogue(ctx context.Context) (*catalog.Index, error) {
	s.catalogueMu.Lock()
	defer s.catalogueMu.Unlock()
	now := s.cfg.Now()
	if s.catalogueIndex != nil && now.Sub(s.catalogueReadAt) < catalogueTTL {
		return s.catalogueIndex, nil
	}
	doc, err := s.cfg.Store.Catalog(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the catalogue: %w", err)
	}
	s.catalogueIndex, s.catalogueReadAt = catalog.NewIndex(doc), now
	return s.catalogueIndex, nil
}

// loadCart returns the cart with the token, an empty one when it has none.
func (s *Storefront) loadCart(ctx context.Context, token string) (cart.Cart, error) {
	c, err := s.cfg.Store.Cart(ctx, token)
	if errors.Is(err, errs.ErrNotFound) {
		return cart.Cart{Token: token}, nil
	}
	return c, err
}

// price prices a cart in the market with its automatic discounts. When the
// discounts cannot be read, the cart shows undiscounted rather than failing.
func (s *Storefront) price(ctx context.Context, c cart.Cart, market money.Market, index *catalog.Index) cart.Priced {
	var discounts map[int64]discount.Result
	if ids := c.VariantIDs(); len(ids) > 0 {
		quotes, err := s.cfg.Prices.Variants(ctx, market, ids)
		if err != nil {
			s.log.WarnContext(ctx, "pricing a cart without its discounts", "err", err)
		}
		discounts = make(map[int64]discount.Result, len(quotes))
		for id, q := range quotes {
			discounts[id] = q.Discount
		}
	}
	return cart.Price(c, market, index, discounts)
}

// serverError answers 500 and logs the cause.
func (s *Storefront) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.log.ErrorContext(r.Context(), "storefront request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	http.Error(w, errs.InternalMessage, http.StatusInternalServerError)
}
