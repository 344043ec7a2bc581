package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"knitfront/internal/rates"
	"knitfront/internal/store"
)

// ratesPlan says where a serving command gets its currency rates from, when
// the shop has not set its own.
type ratesPlan struct {
	// feedURL is the feed the refresher polls; empty turns it off.
	feedURL string
	// seed stores the embedded snapshot when the store has no rates yet, so
	// `knitfront dev` serves rates offline from an empty database.
	seed bool
}

// startRates returns the rates the API serves, and a function that stops
// their refresher and waits for it. The shop's own static rates are served
// as they are; otherwise the last known rates are read from the store and,
// with a feed, refreshed from it until ctx ends.
func startRates(ctx context.Context, cfg config, db *store.DB, log *slog.Logger, plan ratesPlan) (*rates.Service, func(), error) {
	if cfg.StaticRates != nil {
		s := rates.NewStatic(*cfg.StaticRates, cfg.now)
		log.Info("currency rates are the shop's own (KNITFRONT_RATES)", "rates", cfg.StaticRates.String())
		return s, func() {}, nil
	}
	s := rates.NewService(db, cfg.now)
	s.SetMaxJump(cfg.RatesMaxJump)
	if plan.seed {
		seeded, err := s.Seed(ctx, rates.Snapshot())
		if err != nil {
			return nil, nil, err
		}
		if seeded {
			log.Info("currency rates seeded from the embedded snapshot", "rates", rates.Snapshot().String())
		}
	}
	switch found, err := s.Load(ctx); {
	case err != nil:
		log.Warn("the stored currency rates cannot be read", "err", err)
	case !found:
		log.Warn("no currency rates are stored yet: currency-rates answers 503 until the feed first answers")
	}
	if plan.feedURL == "" {
		log.Info("the currency rates feed is off: serving the stored rates (set KNITFRONT_RATES_URL to turn it on)")
		return s, func() {}, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		rates.NewRefresher(s, rates.Feed{URL: plan.feedURL}, log).Run(ctx)
	}()
	return s, func() { cancel(); <-done }, nil
}

// feedURL is the configured feed, or the ECB's own.
func (c config) feedURL() string {
	if c.RatesURL == "" {
		return rates.ECBDailyURL
	}
	return c.RatesURL
}

// ratesCommand is `knitfront rates refresh [--accept-jump]`.
func ratesCommand(ctx context.Context, cfg config, args []string, log *slog.Logger, stdout io.Writer) error {
	usage := fmt.Errorf("%w: rates takes one action: refresh [--accept-jump]", errUsage)
	if len(args) == 0 || args[0] != "refresh" {
		return usage
	}
	fs := flag.NewFlagSet("knitfront rates refresh", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	acceptJump := fs.Bool("accept-jump", false, "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 {
		return usage
	}
	if cfg.StaticRates != nil {
		fmt.Fprintf(stdout, "the shop's own rates are set (KNITFRONT_RATES), so the feed is not used: %s\n", cfg.StaticRates)
		return nil
	}
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	s := rates.NewService(db, cfg.now)
	if *acceptJump {
		s.SetMaxJump(0)
	} else {
		s.SetMaxJump(cfg.RatesMaxJump)
	}
	// The stored rates are what a jump is measured from.
	if _, err := s.Load(ctx); err != nil {
		return err
	}
	t, err := s.Refresh(ctx, rates.Feed{URL: cfg.feedURL()})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "stored %s (per EUR) from %s\n", t, cfg.feedURL())
	return nil
}
