package shopify

import (
	"log/slog"
	"sync"
)

// APIVersion is the Admin API version knitfront speaks: every request names
// it, the offline stand-in answers in it, and the webhook subscriptions
// knitfront registers are sent in it. Shopify serves a version for at least 12 months and
// then answers calls to it in the oldest version it still serves, so it is
// raised every quarter or two (docs/operations.md). The Makefile reads it
// from this line to fetch the schemas of the same version.
const APIVersion = "2026-10"

// VersionWatch notes each answer Shopify gives in another version than the
// one asked: Shopify answers a version it no longer serves in the oldest one
// it still serves, silently, and only the answer's X-Shopify-API-Version
// header says so. It warns once per pair of versions, since every request
// would repeat it, and counts every such answer. It is safe for concurrent
// use; one watch serves every client of a process.
type VersionWatch struct {
	log *slog.Logger
	// count is told of every answer in another version; nil counts nothing.
	count func(asked, answered string)

	mu     sync.Mutex
	warned map[versionPair]bool
}

type versionPair struct{ asked, answered string }

// NewVersionWatch warns through log (nil: the default logger) and counts
// through count, which may be nil.
func NewVersionWatch(log *slog.Logger, count func(asked, answered string)) *VersionWatch {
	return &VersionWatch{log: log, count: count, warned: map[versionPair]bool{}}
}

// Observe notes the version Shopify answered a request for asked in. An
// answer without the header (an older stand-in, a proxy that drops it) says
// nothing and is not counted.
func (w *VersionWatch) Observe(asked, answered string) {
	if answered == "" || answered == asked {
		return
	}
	if w.count != nil {
		w.count(asked, answered)
	}
	pair := versionPair{asked, answered}
	w.mu.Lock()
	first := !w.warned[pair]
	w.warned[pair] = true
	w.mu.Unlock()
	if first {
		log := w.log
		if log == nil {
			log = slog.Default()
		}
		log.Warn("Shopify answers the Admin API in another version than knitfront asks for: the version asked is no longer served, or not yet; upgrade knitfront (docs/operations.md, Shopify's API version)",
			"asked", asked, "answered", answered)
	}
}

// processVersions is the watch of clients given none: it warns through the
// default logger as it is when it warns, and counts nothing, so that a
// command such as `knitfront sync` warns once too.
var processVersions = NewVersionWatch(nil, nil)

// WithVersionWatch has the client report the versions Shopify answers in
// to w, which the server shares between its clients and counts in its
// metrics.
func WithVersionWatch(w *VersionWatch) Option { return func(c *Client) { c.versions = w } }
