// Package metrics is knitfront's Prometheus metrics, kept on a registry of
// its own: requests by route, method and status, the price model's cache
// hits and misses, the database pool, and the currency rates' age. The packages that
// are measured do not import it: they take a func or a small interface that
// it provides, wired in main.
package metrics

import (
	"database/sql"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every metric of knitfront's own.
const namespace = "knitfront"

// durationBuckets suit an API whose cached answers take well under a
// millisecond and whose budget is a p99 under 10 ms.
var durationBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// Metrics holds knitfront's metrics.
type Metrics struct {
	registry  *prometheus.Registry
	requests  *prometheus.CounterVec
	durations *prometheus.HistogramVec
	// priceHits and priceMisses count the price model's lookups.
	priceHits, priceMisses prometheus.Counter
	// versionMismatches counts Admin API answers in another version than asked.
	versionMismatches *prometheus.CounterVec

	// routes caches each label set's metrics, so that a request looks its
	// counter and histogram up once, by a small key, instead of hashing
	// label values each time.
	routes sync.Map // routeKey → *routeMetrics
}

type routeKey struct {
	route, method string
	status        int
}

type routeMetrics struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

// New returns the metrics, with the Go runtime's and the process's own.
func New() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "http_requests_total",
			Help: "HTTP requests answered, by route pattern (unmatched: answered before routing), method and status code.",
		}, []string{"route", "method", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace, Name: "http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern, method and status code.",
			Buckets: durationBuckets,
		}, []string{"route", "method", "code"}),
	}
	priceLookups := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "price_cache_lookups_total",
		Help: "Lookups in the price model's current table, by result: hit when it was fresh, miss when the lookup waited for a rebuild.",
	}, []string{"result"})
	m.priceHits, m.priceMisses = priceLookups.WithLabelValues("hit"), priceLookups.WithLabelValues("miss")
	m.versionMismatches = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "shopify_api_version_mismatches_total",
		Help: "Shopify Admin API answers in another version than knitfront asked for (X-Shopify-API-Version), by version asked and answered: the version asked is no longer served.",
	}, []string{"asked", "answered"})
	m.registry.MustRegister(m.requests, m.durations, priceLookups, m.versionMismatches,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// ObserveRequest counts an answered request and its duration. route is the
// pattern that matched; method is reduced to the standard ones, since a
// client may send any.
func (m *Metrics) ObserveRequest(route, method string, status int, took time.Duration) {
	key := routeKey{route: route, method: standardMethod(method), status: status}
	rm, ok := m.routes.Load(key)
	if !ok {
		rm, _ = m.routes.LoadOrStore(key, m.newRouteMetrics(key))
	}
	r := rm.(*routeMetrics)
	r.requests.Inc()
	r.duration.Observe(took.Seconds())
}

func (m *Metrics) newRouteMetrics(key routeKey) *routeMetrics {
	code := strconv.Itoa(key.status)
	return &routeMetrics{
		requests: m.requests.WithLabelValues(key.route, key.method, code),
		duration: m.durations.WithLabelValues(key.route, key.method, code),
	}
}

func standardMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}

// CountPriceLookups counts lookups in the price model's table; the model
// calls it (pricing.CountLookups).
func (m *Metrics) CountPriceLookups(hits, misses int) {
	if hits > 0 {
		m.priceHits.Add(float64(hits))
	}
	if misses > 0 {
		m.priceMisses.Add(float64(misses))
	}
}

// CountShopifyAPIVersionMismatch counts an Admin API answer in version
// answered to a request for asked; shopify.NewVersionWatch calls it.
func (m *Metrics) CountShopifyAPIVersionMismatch(asked, answered string) {
	m.versionMismatches.WithLabelValues(asked, answered).Inc()
}

// WatchRatesAge exports how old the currency rates in use are, read from
// asOf at each scrape: the time they were published, or the zero time while
// none are known, which reads as +Inf so that an alert on age fires.
func (m *Metrics) WatchRatesAge(asOf func() time.Time) {
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: namespace, Name: "rates_age_seconds",
		Help: "Age of the currency rates in use, since they were published; +Inf while none are known.",
	}, func() float64 {
		t := asOf()
		if t.IsZero() {
			return math.Inf(1)
		}
		return time.Since(t).Seconds()
	}))
}

// WatchDBPool exports the database connection pool's use, read from stats
// at each scrape.
func (m *Metrics) WatchDBPool(stats func() sql.DBStats) {
	m.registry.MustRegister(dbPoolCollector{stats})
}

var (
	dbOpen     = poolDesc("connections_open", "Connections open, in use or idle.")
	dbInUse    = poolDesc("connections_in_use", "Connections serving a query or transaction.")
	dbIdle     = poolDesc("connections_idle", "Connections open and idle.")
	dbMaxOpen  = poolDesc("connections_max_open", "The most connections the pool opens.")
	dbWaits    = poolDesc("waits_total", "Times a query waited for a free connection.")
	dbWaitTime = poolDesc("wait_seconds_total", "Time queries spent waiting for a free connection.")
)

func poolDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(namespace, "db_pool", name), help, nil, nil)
}

// dbPoolCollector reads the pool's statistics once per scrape, so that the
// numbers it exports agree with each other.
type dbPoolCollector struct {
	stats func() sql.DBStats
}

func (c dbPoolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{dbOpen, dbInUse, dbIdle, dbMaxOpen, dbWaits, dbWaitTime} {
		ch <- d
	}
}

func (c dbPoolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	ch <- prometheus.MustNewConstMetric(dbOpen, prometheus.GaugeValue, float64(s.OpenConnections))
	ch <- prometheus.MustNewConstMetric(dbInUse, prometheus.GaugeValue, float64(s.InUse))
	ch <- prometheus.MustNewConstMetric(dbIdle, prometheus.GaugeValue, float64(s.Idle))
	ch <- prometheus.MustNewConstMetric(dbMaxOpen, prometheus.GaugeValue, float64(s.MaxOpenConnections))
	ch <- prometheus.MustNewConstMetric(dbWaits, prometheus.CounterValue, float64(s.WaitCount))
	ch <- prometheus.MustNewConstMetric(dbWaitTime, prometheus.CounterValue, s.WaitDuration.Seconds())
}
