// Package invalidate tells the caches of a process that the data behind them
// changed. Writers name what changed with a Topic inside the transaction that
// changes it, and the store records it for every instance (NOTIFY on
// PostgreSQL, a version row on SQLite); each instance watches the database
// and publishes what it sees on its Hub, where its caches subscribed.
package invalidate

import (
	"slices"
	"sync"
)

// Topic names a kind of data that caches hold.
type Topic string

// The topics. A cache subscribes to every topic its answers depend on.
const (
	// Catalog is the products, variants, prices, collections and discount
	// rules: what an import writes.
	Catalog Topic = "catalog"
	// Rates is the stored currency rates.
	Rates Topic = "rates"
)

// Hub hands each change to the caches that subscribed to its topic. The zero
// value is ready to use.
type Hub struct {
	mu   sync.Mutex
	subs []subscription
}

type subscription struct {
	topics []Topic
	drop   func()
}

// Subscribe has drop called after each change of any of topics. drop must be
// quick and safe to call from any goroutine: it drops cached answers, it
// does not rebuild them.
func (h *Hub) Subscribe(drop func(), topics ...Topic) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.subs = append(h.subs, subscription{topics: topics, drop: drop})
}

// Publish calls the subscribers of topic. A topic nobody subscribed to, such
// as one that a newer version writes, is ignored.
func (h *Hub) Publish(topic Topic) {
	for _, s := range h.subscriptions() {
		if slices.Contains(s.topics, topic) {
			s.drop()
		}
	}
}

// PublishAll calls every subscriber once: for when changes may have been
// missed, as while the connection that reports them was down.
func (h *Hub) PublishAll() {
	for _, s := range h.subscriptions() {
		s.drop()
	}
}

// subscriptions returns the subscriptions as they are now, so that none is
// called under the lock.
func (h *Hub) subscriptions() []subscription {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clip(h.subs)
}
