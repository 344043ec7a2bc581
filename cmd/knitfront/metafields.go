package main

import (
	"context"
	"log/slog"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/invalidate"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/rates"
	"knitfront/internal/shopify"
	"knitfront/internal/store"
)

// writeThemePrices writes into the shop what its theme prints final prices
// from at first paint: each variant's automatic discount now in each market
// and the stored display rates, as metafields, only those that changed since
// the client last wrote them. It returns how many it wrote and when the
// discounts next start or end (zero: none scheduled), when they must be
// written again.
func writeThemePrices(ctx context.Context, db *store.DB, client *shopify.Client, now time.Time) (int, time.Time, error) {
	w := client.Metafields()
	shopID, err := w.ShopID(ctx)
	if err != nil {
		return 0, time.Time{}, shopifyError(err)
	}
	rules, err := db.DiscountRules(ctx)
	if err != nil {
		return 0, time.Time{}, err
	}
	entries, err := db.PriceList(ctx)
	if err != nil {
		return 0, time.Time{}, err
	}
	table := pricing.Build(entries, rules, nil, now)
	n, err := w.Write(ctx, shopify.ThemeMetafields(shopID, pricing.ThemeDiscounts(table, rules), storedThemeRates(ctx, db, now)))
	return n, table.NextChange, shopifyError(err)
}

// storedThemeRates are the rates the API serves from the store, for every
// currency; nil when none are stored yet, and the theme converts nothing.
func storedThemeRates(ctx context.Context, db *store.DB, now time.Time) *shopify.ThemeRates {
	q, err := rates.NewService(db, func() time.Time { return now }).Current(ctx)
	if err != nil {
		return nil
	}
	byCurrency := make(map[money.Currency]map[money.Currency]float64, len(money.Currencies))
	for _, c := range money.Currencies {
		byCurrency[c] = q.For(c)
	}
	return &shopify.ThemeRates{Date: q.Table.Date, Rates: byCurrency, StaleAt: q.StaleAt()}
}

// themePrices keeps the theme's price metafields current between syncs,
// which write them themselves: again when an automatic discount starts or
// ends, and when the display rates change. With several instances each
// writes the same values, which Shopify takes as no change.
type themePrices struct {
	db     *store.DB
	client *shopify.Client
	log    *slog.Logger
	now    func() time.Time
	wake   chan struct{}
}

// startThemePrices writes the theme's price metafields when a discount
// starts or ends and when the rates change, until the returned function is
// called; it does nothing unless the shop and its token are set.
func startThemePrices(cfg config, db *store.DB, changes *invalidate.Hub, log *slog.Logger) (stop func(), err error) {
	if cfg.Shopify.Shop == "" || cfg.Shopify.AdminToken == "" {
		return func() {}, nil
	}
	client, err := cfg.Shopify.client()
	if err != nil {
		return nil, err
	}
	w := &themePrices{db: db, client: client, log: log, now: time.Now, wake: make(chan struct{}, 1)}
	changes.Subscribe(w.Wake, invalidate.Rates)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.run(ctx, realTimers{})
	}()
	return func() {
		cancel()
		<-done
	}, nil
}

// Wake makes the writer write now: the rates changed.
func (w *themePrices) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// timers makes the waits of themePrices.run; tests give it a fake clock's.
type timers interface {
	After(d time.Duration) <-chan time.Time
}

// realTimers waits on the wall clock.
type realTimers struct{}

func (realTimers) After(d time.Duration) <-chan time.Time { return time.After(d) }

// retryAfterFailure is how long a failed write waits before it is tried
// again, when no change comes first.
const retryAfterFailure = time.Minute

// run writes at each discount's start or end and at each wake, until ctx
// ends; a failure is tried again after retryAfterFailure. At start it only
// learns when the next change is: the last sync wrote what holds now.
func (w *themePrices) run(ctx context.Context, clock timers) {
	next, err := w.nextChange(ctx)
	for {
		var due <-chan time.Time
		switch {
		case err != nil:
			w.log.Error("the theme's prices were not written into the shop; tried again", "after", retryAfterFailure, "err", err)
			due = clock.After(retryAfterFailure)
		case !next.IsZero():
			due = clock.After(max(0, next.Sub(w.now())))
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-due:
		}
		var n int
		n, next, err = writeThemePrices(ctx, w.db, w.client, w.now())
		if ctx.Err() != nil {
			return
		}
		if err == nil && n > 0 {
			w.log.Info("the theme's prices written into the shop", "metafields", n)
		}
	}
}

// nextChange is when the discounts next start or end.
func (w *themePrices) nextChange(ctx context.Context) (time.Time, error) {
	rules, err := w.db.DiscountRules(ctx)
	if err != nil {
		return time.Time{}, err
	}
	return discount.NextChange(rules, w.now()), nil
}
