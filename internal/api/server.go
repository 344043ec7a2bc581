// Package api is knitfront's HTTP surface: the JSON endpoints under /api, the
// widget bundle under /assets, and the health checks. It knows HTTP, not SQL:
// handlers depend on the small interfaces below, which other packages
// implement.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"knitfront/internal/pricing"
	"knitfront/internal/rates"
	"knitfront/internal/reviews"
)

// Prices answers every price, discount and availability lookup from one
// model's table; *pricing.Model implements it.
type Prices interface {
	// Fresh returns the current table without reading the database or
	// waiting, or nil when it is stale.
	Fresh() *pricing.Table
	// Table returns the current table, rebuilding it first when stale.
	Table(ctx context.Context) (*pricing.Table, error)
}

// Rates serves the currency rates; *rates.Service implements it.
type Rates interface {
	Current(ctx context.Context) (rates.Quote, error)
}

// Pinger checks that the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config holds what the server needs. Zero values are safe where noted.
type Config struct {
	Log    *slog.Logger
	DB     Pinger
	Prices Prices
	// Assets are the files under /assets: the built widget bundle; nil
	// serves none.
	Assets *Assets
	// Site serves every path outside /api, /assets and the health checks:
	// the dev storefront under `knitfront dev`; nil answers 404.
	Site http.Handler
	// Reviews serves the knitters, their reviews and the reviews' moderation.
	Reviews Reviews
	// AllowedOrigins are the origins, as NormalizeOrigin returns them, whose
	// pages may post reviews.
	AllowedOrigins []string
	// OwnOriginMayPost lets pages of the server's own origin, as the Host
	// header names it, post reviews too: the dev storefront's. Never under
	// serve, where anyone may write that header.
	OwnOriginMayPost bool
	// DBTimeout bounds each request's database work: past it the request
	// answers 503. Zero is DefaultDBTimeout.
	DBTimeout time.Duration
	// TrustedProxies are the networks of the proxies whose X-Forwarded-For
	// header names the client; from anyone else it is ignored.
	TrustedProxies []netip.Prefix
	// AdminToken is the bearer token of the admin endpoints; empty turns
	// them off.
	AdminToken string
	// Rates serves the currency rates.
	Rates Rates
	// Requests counts each answered request; nil counts none.
	Requests RequestObserver
	// Now is the clock of the admin endpoints' limits; nil is time.Now.
	Now func() time.Time
	// Webhooks receives the shop's webhooks at POST /webhooks/shopify; nil
	// answers 404 there.
	Webhooks http.Handler
	// AppProxy verifies what Shopify's app proxy forwards under
	// AppProxyPath, where the public reads and the review post are served
	// again; nil serves nothing there.
	AppProxy *AppProxy
}

// RequestObserver counts answered requests by the route pattern that served
// them ("unmatched" when none did), method and status; *metrics.Metrics
// implements it.
type RequestObserver interface {
	ObserveRequest(route, method string, status int, took time.Duration)
}

// Server is the HTTP handler of knitfront.
type Server struct {
	cfg     Config
	log     *slog.Logger
	ids     *requestIDs
	handler http.Handler

	// adminFailures counts each client's wrong admin tokens,
	// adminFailuresAll every client's together.
	adminFailures    *reviews.WindowLimiter
	adminFailuresAll *reviews.WindowLimiter
	adminSignIns     *signIns

	discounts        discountMemos
	encodedPrices    tableMemo
	encodedAvailable tableMemo
}

// New returns the server for cfg.
func New(cfg Config) *Server {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s := &Server{
		cfg: cfg, log: cfg.Log, ids: newRequestIDs(),
		adminFailures:    reviews.NewWindowLimiter(AdminFailureRate, now),
		adminFailuresAll: reviews.NewWindowLimiter(AdminGlobalFailureRate, now),
		adminSignIns:     newSignIns(now),
	}
	if s.cfg.DBTimeout == 0 {
		s.cfg.DBTimeout = DefaultDBTimeout
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if cfg.Assets == nil {
		s.cfg.Assets = NewAssets(nil, s.log)
	}
	s.handler = s.routes()
	return s
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// handlerFunc is the one shape of every endpoint: it writes its answer, or
// returns an error that the adapter turns into the JSON error answer.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts an endpoint that may call the database: its whole work runs
// under the database timeout.
func (s *Server) handle(fn handlerFunc) http.Handler {
	return s.withDeadline(s.handleFromPrices(fn))
}

// handleFromPrices adapts an endpoint that answers from the price table in
// memory and reaches the database only through priceTable, which puts the
// database timeout on that wait alone: the hot path's hits pay for no timer.
func (s *Server) handleFromPrices(fn handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			writeError(w, r, s.log, err)
		}
	})
}

// NewHTTPServer returns the http.Server knitfront runs handler in, with
// timeouts that keep slow or stalled clients from holding connections. An
// idle keep-alive connection is closed after 65 s: past the 60 s idle
// timeout of common load balancers, which then close it first and never
// send a request on a connection the server is closing.
func NewHTTPServer(handler http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       65 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// readyTimeout bounds the database ping of /readyz.
const readyTimeout = 2 * time.Second
