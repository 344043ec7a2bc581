package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"knitfront/internal/store"
)

const (
	// reconcileJob names the scheduled full sync among the database's
	// scheduled jobs.
	reconcileJob = "shopify-full-sync"
	// reconcileCheck is how often an instance asks whether the scheduled
	// sync is due.
	reconcileCheck = time.Minute
	// reconcileLease is how long an instance holds the sync it runs; one
	// still unfinished then is presumed dead and taken by another.
	reconcileLease = 30 * time.Minute
	// reconcileRetry is how long after a failed sync the next try comes.
	reconcileRetry = 5 * time.Minute
)

// reconciler runs a full sync on a schedule, since webhooks can be late,
// lost or repeated, and once at start when the database has no products.
// Of several instances on one database, one runs each scheduled sync.
type reconciler struct {
	db   *store.DB
	sync func(ctx context.Context) error
	// interval is the time from one sync's end to the next; 0 turns the
	// schedule off (the sync of an empty database still runs).
	interval time.Duration
	owner    string
	log      *slog.Logger
	now      func() time.Time
}

// run checks at once, then every reconcileCheck, until ctx ends.
func (r *reconciler) run(ctx context.Context) {
	r.check(ctx, true)
	if r.interval == 0 {
		return
	}
	ticker := time.NewTicker(min(reconcileCheck, r.interval))
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			r.check(ctx, false)
		}
	}
}

func (r *reconciler) check(ctx context.Context, atStart bool) {
	ran, err := r.tick(ctx, atStart)
	switch {
	case err != nil && ctx.Err() == nil:
		r.log.Error("the scheduled full sync from Shopify failed; the previous catalogue stays served", "retry_in", reconcileRetry, "err", err)
	case ran && err == nil:
		r.log.Info("scheduled full sync from Shopify done", "next_in", r.interval)
	}
}

// tick runs the sync when it is due and this instance gets its lease: an
// interval after the last one finished, or at start when the database has
// no products. It reports whether this instance ran it.
func (r *reconciler) tick(ctx context.Context, atStart bool) (bool, error) {
	now := r.now()
	lastRunBy := now.Add(-r.interval)
	empty := false
	if atStart {
		var err error
		if empty, err = r.isEmpty(ctx); err != nil {
			return false, err
		}
		if empty {
			lastRunBy = now
		}
	}
	if r.interval == 0 && !empty {
		return false, nil
	}
	claimed, err := r.db.ClaimScheduledRun(ctx, reconcileJob, r.owner, now, lastRunBy, now.Add(reconcileLease))
	if err != nil || !claimed {
		return false, err
	}
	if empty {
		// Another instance may have synced the empty database between the
		// look and the claim: then the lease goes back untouched.
		if empty, err = r.isEmpty(ctx); err != nil || !empty {
			return false, errors.Join(err, r.db.PostponeScheduledRun(ctx, reconcileJob, r.owner, now))
		}
		r.log.Info("the database has no products: a full sync from Shopify now")
	}
	if err := r.sync(ctx); err != nil {
		if err := r.db.PostponeScheduledRun(context.WithoutCancel(ctx), reconcileJob, r.owner, r.now().Add(reconcileRetry)); err != nil {
			r.log.Error("postponing the failed sync", "err", err)
		}
		return true, err
	}
	return true, r.db.FinishScheduledRun(context.WithoutCancel(ctx), reconcileJob, r.owner, r.now())
}

func (r *reconciler) isEmpty(ctx context.Context) (bool, error) {
	n, err := r.db.ProductCount(ctx)
	return n == 0, err
}
