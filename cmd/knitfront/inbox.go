package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"knitfront/internal/shopify"
	"knitfront/internal/store"
)

const (
	// inboxPoll is how often a worker looks for events another instance
	// kept; events this instance keeps wake it at once.
	inboxPoll = time.Second
	// inboxLease is how long a worker holds the events it took: an event
	// whose worker died mid-apply is taken again once it has run out.
	inboxLease = 2 * time.Minute
	// inboxBatch bounds the events applied together; a batch re-reads each
	// product it names once, and the automatic discounts once.
	inboxBatch = 100
	// inboxKeep is how long an applied event stays in the inbox, where its
	// id turns away a copy Shopify sends again; Shopify stops retrying
	// within hours.
	inboxKeep = 7 * 24 * time.Hour
	// inboxPurgeEvery is how often a worker deletes the events applied
	// longer than inboxKeep ago.
	inboxPurgeEvery = time.Hour
)

// inboxWorker applies the shop's webhooks from the inbox in the database,
// by reading again through the Admin API what each names: payloads are not
// trusted to be complete or in order. With several instances, the inbox's
// leases give each event to one worker.
type inboxWorker struct {
	db     *store.DB
	client *shopify.Client
	// owner is this worker's name in the leases it takes.
	owner string
	log   *slog.Logger
	now   func() time.Time
	wake  chan struct{}
	// written, when set, is told at once when the worker has written a
	// catalogue change, so that this instance's caches drop it without
	// waiting for the database's change notification.
	written func()
	// purgedAt is when the worker last purged the inbox; zero: not yet.
	purgedAt time.Time
}

func newInboxWorker(db *store.DB, client *shopify.Client, owner string, log *slog.Logger) *inboxWorker {
	return &inboxWorker{db: db, client: client, owner: owner, log: log, now: time.Now, wake: make(chan struct{}, 1)}
}

// instanceName names this process in the leases it takes: its host, its
// process id, and a random part for a process id used again.
func instanceName() string {
	host, _ := os.Hostname()
	nonce := make([]byte, 4)
	_, _ = rand.Read(nonce)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(nonce))
}

// Wake makes the worker look at the inbox now rather than at its next poll.
func (w *inboxWorker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run applies events until ctx ends.
func (w *inboxWorker) run(ctx context.Context) {
	poll := time.NewTimer(0)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-poll.C:
		}
		for {
			applied, err := w.applyPending(ctx)
			if err != nil && ctx.Err() == nil {
				w.log.Error("applying the shop's webhooks failed; they are taken again when their lease runs out", "lease", inboxLease, "err", err)
			}
			if applied == 0 || err != nil {
				break
			}
		}
		w.purgeIfDue(ctx)
		poll.Reset(inboxPoll)
	}
}

// applyPending takes a batch of events and applies it: the products named
// read again and replaced, or a full sync for a collection or selling plan
// group, and the automatic discounts read again, all written in one
// transaction. It returns how many events it applied.
func (w *inboxWorker) applyPending(ctx context.Context) (int, error) {
	now := w.now()
	kept, err := w.db.ClaimWebhookEvents(ctx, w.owner, now, now.Add(inboxLease), inboxBatch)
	if err != nil || len(kept) == 0 {
		return 0, err
	}
	events := make([]shopify.WebhookEvent, len(kept))
	ids := make([]string, len(kept))
	for i, e := range kept {
		events[i], ids[i] = shopify.WebhookEvent(e), e.ID
	}
	current, err := w.db.Catalog(ctx)
	if err != nil {
		return 0, err
	}
	reread, err := w.client.Reread(ctx, current, events)
	if err != nil {
		return 0, shopifyError(err)
	}
	for _, s := range reread.Skipped {
		w.log.Info("left out or shown in part", "item", s.Item, "reason", s.Reason)
	}
	if reread.FullSync {
		_, err = fullSync(ctx, w.db, w.client)
	} else {
		err = w.db.ApplyCatalogChanges(ctx, store.CatalogChanges(reread.Changes))
	}
	if err != nil {
		return 0, err
	}
	if w.written != nil {
		w.written()
	}
	if err := w.db.FinishWebhookEvents(ctx, w.owner, ids, w.now()); err != nil {
		return 0, err
	}
	if !reread.FullSync {
		// A full sync wrote them already.
		if _, _, err := writeThemePrices(ctx, w.db, w.client, w.now()); err != nil {
			w.log.Error("the theme's prices were not written into the shop", "err", err)
		}
	}
	w.log.Info("shop's webhooks applied", "events", len(events), "read", reread.String(), "took", w.now().Sub(now).Round(time.Millisecond).String())
	return len(events), nil
}

// purgeIfDue deletes the events applied longer than inboxKeep ago, once an
// inboxPurgeEvery. Every instance's worker does; a second delete finds
// nothing.
func (w *inboxWorker) purgeIfDue(ctx context.Context) {
	now := w.now()
	if !w.purgedAt.IsZero() && now.Sub(w.purgedAt) < inboxPurgeEvery {
		return
	}
	w.purgedAt = now
	purged, err := w.db.PurgeWebhookEvents(ctx, now.Add(-inboxKeep))
	switch {
	case err != nil && ctx.Err() == nil:
		w.log.Error("purging the applied webhooks from the inbox failed; tried again later", "retry_in", inboxPurgeEvery, "err", err)
	case purged > 0:
		w.log.Info("applied webhooks purged from the inbox", "events", purged, "applied_before", now.Add(-inboxKeep))
	}
}
