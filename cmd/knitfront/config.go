package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/rates"
	"knitfront/internal/reviews"
	"knitfront/internal/store"
)

// maxPostgresConnections bounds the pool setting to what a PostgreSQL server
// can hold at all; its own max_connections, 100 by default, is shared by
// every instance.
const maxPostgresConnections = 1000

// The database timeout's bounds: below a tenth of a second a busy but healthy
// database fails requests; above a minute a hung one holds them.
const (
	minDBTimeout = 100 * time.Millisecond
	maxDBTimeout = time.Minute
)

// config is what every subcommand reads from flags and the environment;
// a flag overrides its variable.
type config struct {
	Addr           string
	DatabaseURL    string
	AllowedOrigins []string
	AdminToken     string
	RatesURL       string
	LogLevel       slog.Level
	// TrustedProxies are the networks whose X-Forwarded-For is believed.
	TrustedProxies         []netip.Prefix
	ReviewRate             reviews.Rate
	ReviewsRequireApproval bool
	// StaticRates, when set, are the shop's own rates: they replace the feed.
	StaticRates *rates.Table
	// MetricsAddr is where /metrics listens; empty serves none.
	MetricsAddr string
	// PostgresConnections is the most connections the pool opens to
	// PostgreSQL.
	PostgresConnections int
	// DBTimeout bounds each request's database work, and each connection
	// and statement.
	DBTimeout time.Duration
	// RatesMaxJump is how far, as a share of it, a refreshed rate may move
	// from the one served before the feed is refused.
	RatesMaxJump float64
	// now is the clock the currency rates are checked against: time.Now,
	// or a test's.
	now func() time.Time
	// ThemeSettings override the dev storefront's theme settings, as the
	// theme editor would; nil keeps config/settings_data.json's.
	ThemeSettings map[string]any
	// DevTheme is a theme folder dev renders instead of the knitfront
	// theme, with the knitfront app embed on; empty: the knitfront theme.
	DevTheme string
	Shopify  shopifyConfig
}

// setting is one configuration value: its flag, its variable and its default.
type setting struct {
	flag, env, def, usage string
	target                *string
}

// parseConfig reads flags from args over the environment, returning the
// config and the arguments left after the flags.
func parseConfig(name, summary string, args []string, getenv func(string) string, stderr io.Writer) (config, []string, error) {
	c := config{now: time.Now}
	var origins, level, staticRates string
	var proxies, reviewRate, requireApproval string
	var postgresConnections, themeSettings, dbTimeout, ratesMaxJump string
	settings := []setting{
		{"addr", "KNITFRONT_ADDR", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)", &c.Addr},
		{"database-url", "DATABASE_URL", "sqlite:data/knitfront.db", "sqlite:PATH (relative to the working directory) or a postgres:// URL", &c.DatabaseURL},
		{"allowed-origins", "KNITFRONT_ALLOWED_ORIGINS", "", "comma-separated shop origins allowed to post reviews, such as https://shop.example", &origins},
		{"admin-token", "KNITFRONT_ADMIN_TOKEN", "", "bearer token for the admin endpoints, at least 32 characters and some 128 bits of entropy (make one with openssl rand -hex 32); unset turns them off", &c.AdminToken},
		{"rates-url", "KNITFRONT_RATES_URL", "", "address of a feed in the ECB's eurofxref-daily.xml format; unset: the ECB's own (" + rates.ECBDailyURL + ") under serve and rates refresh, no feed under dev", &c.RatesURL},
		{"rates", "KNITFRONT_RATES", "", "the shop's own currency rates per EUR, such as " + rates.StaticExample + "; set, they replace the feed", &staticRates},
		{"rates-max-jump", "KNITFRONT_RATES_MAX_JUMP", strconv.FormatFloat(rates.DefaultMaxJump*100, 'g', -1, 64) + "%", "how far a rate from the feed may move from the one served, or from the lowest or highest of the feed's last 7 days, before the feed is refused and the rates are served as stale, as a percentage; rates refresh --accept-jump takes one move beyond it", &ratesMaxJump},
		{"log-level", "KNITFRONT_LOG_LEVEL", "info", "debug, info, warn or error", &level},
		{"trusted-proxies", "KNITFRONT_TRUSTED_PROXIES", "", "comma-separated networks of the proxies in front of the server, such as 10.0.0.0/8: only their X-Forwarded-For names the client", &proxies},
		{"review-rate-limit", "KNITFRONT_REVIEW_RATE_LIMIT", "5/1m", "reviews one client (an IPv4 address or an IPv6 /64) may post, as POSTS/PERIOD; on PostgreSQL counted across all instances", &reviewRate},
		{"reviews-require-approval", "KNITFRONT_REVIEWS_REQUIRE_APPROVAL", "false", "true holds new reviews until the shop owner publishes them", &requireApproval},
		{"db-timeout", "KNITFRONT_DB_TIMEOUT", store.DefaultTimeout.String(), "longest a request waits for the database, connecting included, before it answers 503 (a duration such as 3s)", &dbTimeout},
		{"postgres-connections", "KNITFRONT_POSTGRES_CONNECTIONS", strconv.Itoa(store.DefaultPostgresConnections), "most connections to PostgreSQL each process keeps in its pool (one more listens for changes)", &postgresConnections},
		{"theme", "KNITFRONT_DEV_THEME", "", "dev only: an Online Store 2.0 theme folder, such as Dawn, to render instead of the knitfront theme, with the knitfront app embed on", &c.DevTheme},
		{"theme-settings", "KNITFRONT_DEV_THEME_SETTINGS", "", `dev only: a JSON object of theme settings over config/settings_data.json's, such as {"knitfront_enabled": false}`, &themeSettings},
		{"metrics-addr", "KNITFRONT_METRICS_ADDR", "", "address of a listener of its own for Prometheus's /metrics, such as 127.0.0.1:9090; keep it off the public network; empty serves none", &c.MetricsAddr},
	}
	settings = append(settings, shopifySettings(&c.Shopify)...)
	fs := flag.NewFlagSet("knitfront "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	for _, s := range settings {
		value := s.def
		if v := getenv(s.env); v != "" {
			value = v
		}
		fs.StringVar(s.target, s.flag, value, fmt.Sprintf("%s (env %s)", s.usage, s.env))
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: knitfront %s\n\n%s\n\nFlags (each overrides its environment variable):\n", name, summary)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, nil, err
	}
	for origin := range strings.SplitSeq(origins, ",") {
		if origin = strings.TrimSpace(origin); origin != "" {
			c.AllowedOrigins = append(c.AllowedOrigins, strings.TrimRight(origin, "/"))
		}
	}
	if err := c.LogLevel.UnmarshalText([]byte(level)); err != nil {
		return c, nil, fmt.Errorf("log level %q: want debug, info, warn or error", level)
	}
	if err := c.parseReviewSettings(proxies, reviewRate, requireApproval); err != nil {
		return c, nil, err
	}
	if err := checkAdminToken(c.AdminToken); err != nil {
		return c, nil, err
	}
	var err error
	if c.RatesMaxJump, err = parsePercentage(ratesMaxJump); err != nil {
		return c, nil, fmt.Errorf("KNITFRONT_RATES_MAX_JUMP: %w", err)
	}
	if staticRates != "" {
		t, err := rates.ParseStatic(staticRates)
		if err != nil {
			return c, nil, fmt.Errorf("--rates (KNITFRONT_RATES): %w", err)
		}
		c.StaticRates = &t
	}
	n, err := strconv.Atoi(postgresConnections)
	if err != nil || n < 1 || n > maxPostgresConnections {
		return c, nil, fmt.Errorf("KNITFRONT_POSTGRES_CONNECTIONS: %q is not a whole number from 1 to %d", postgresConnections, maxPostgresConnections)
	}
	c.PostgresConnections = n
	if err := c.Shopify.validate(); err != nil {
		return c, nil, err
	}
	if c.DBTimeout, err = time.ParseDuration(dbTimeout); err != nil || c.DBTimeout < minDBTimeout || c.DBTimeout > maxDBTimeout {
		return c, nil, fmt.Errorf("KNITFRONT_DB_TIMEOUT: %q is not a duration from %v to %v, such as 3s", dbTimeout, minDBTimeout, maxDBTimeout)
	}
	if themeSettings != "" {
		if err := json.Unmarshal([]byte(themeSettings), &c.ThemeSettings); err != nil {
			return c, nil, fmt.Errorf("KNITFRONT_DEV_THEME_SETTINGS: a JSON object of theme settings, such as {\"knitfront_enabled\": false}: %w", err)
		}
	}
	return c, fs.Args(), nil
}

// parsePercentage reads a share written as a percentage above 0 and at most
// 1000, such as 20%.
func parsePercentage(s string) (float64, error) {
	number, ok := strings.CutSuffix(strings.TrimSpace(s), "%")
	p, err := strconv.ParseFloat(number, 64)
	if !ok || err != nil || !(p > 0 && p <= 1000) {
		return 0, fmt.Errorf("%q is not a percentage above 0 and at most 1000, such as 20%%", s)
	}
	return p / 100, nil
}

// parseReviewSettings checks the settings that guard the public review
// writes: the allowed origins, the trusted proxies, the rate and approval.
func (c *config) parseReviewSettings(proxies, rate, requireApproval string) error {
	for i, origin := range c.AllowedOrigins {
		normal, err := api.NormalizeOrigin(origin)
		if err != nil {
			return fmt.Errorf("KNITFRONT_ALLOWED_ORIGINS: %q: %w", origin, err)
		}
		c.AllowedOrigins[i] = normal
	}
	for proxy := range strings.SplitSeq(proxies, ",") {
		if proxy = strings.TrimSpace(proxy); proxy == "" {
			continue
		}
		network, err := netip.ParsePrefix(proxy)
		if err != nil {
			addr, addrErr := netip.ParseAddr(proxy)
			if addrErr != nil {
				return fmt.Errorf("KNITFRONT_TRUSTED_PROXIES: %q is neither a network such as 10.0.0.0/8 nor an address", proxy)
			}
			network = netip.PrefixFrom(addr, addr.BitLen())
		}
		if network.Bits() == 0 {
			return fmt.Errorf("KNITFRONT_TRUSTED_PROXIES: %s covers every address, so any client could name itself in X-Forwarded-For and escape its limits: list only the networks of your proxies, such as 10.0.0.0/8, or leave the setting empty when no proxy is in front", proxy)
		}
		c.TrustedProxies = append(c.TrustedProxies, network.Masked())
	}
	var err error
	if c.ReviewRate, err = reviews.ParseRate(rate); err != nil {
		return fmt.Errorf("KNITFRONT_REVIEW_RATE_LIMIT: %w", err)
	}
	if c.ReviewsRequireApproval, err = strconv.ParseBool(requireApproval); err != nil {
		return fmt.Errorf("KNITFRONT_REVIEWS_REQUIRE_APPROVAL: %q is not true or false", requireApproval)
	}
	return nil
}
