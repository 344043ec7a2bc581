package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"knitfront/internal/invalidate"
)

// changeChannel is the PostgreSQL NOTIFY channel of changes, one per schema,
// so that shops sharing a database in schemas of their own do not hear each
// other; md5 keeps it within PostgreSQL's 63-byte names.
const changeChannel = `'knitfront_' || md5(current_schema())`

// publishChange records, in tx, that the data of topic changed. Every
// instance hears of it once tx commits, and none if it rolls back: on
// PostgreSQL a NOTIFY, which PostgreSQL delivers on commit; on SQLite the
// topic's version, which WatchChanges polls.
func (db *DB) publishChange(ctx context.Context, tx *sql.Tx, topic invalidate.Topic) error {
	var err error
	if db.engine == Postgres {
		_, err = tx.ExecContext(ctx, `SELECT pg_notify(`+changeChannel+`, $1)`, string(topic))
	} else {
		_, err = tx.ExecContext(ctx, `
			INSERT INTO change_versions (topic, version) VALUES ($1, 1)
			ON CONFLICT (topic) DO UPDATE SET version = change_versions.version + 1`, string(topic))
	}
	if err != nil {
		return fmt.Errorf("publishing a change of %s: %w", topic, err)
	}
	return nil
}

// ChangeSink is told of the changes WatchChanges sees; *invalidate.Hub is one.
type ChangeSink interface {
	Publish(topic invalidate.Topic)
	PublishAll()
}

// ChangePollInterval is how often WatchChanges reads a SQLite database's
// versions: `knitfront import` in another process shows within it.
const ChangePollInterval = 500 * time.Millisecond

// How the listening PostgreSQL connection recovers: reconnects wait from
// the shortest delay, doubling up to the longest, and a connection quiet for
// listenerCheckInterval is pinged, so that one a network silently dropped is
// noticed within twice that.
const (
	minReconnectDelay     = 100 * time.Millisecond
	maxReconnectDelay     = 5 * time.Second
	listenerCheckInterval = 30 * time.Second
)

// WatchChanges tells sink of every change that any process commits to the
// database, until ctx ends. It calls sink.PublishAll first, which covers
// whatever changed before it watched, and again whenever it may have missed
// changes: on PostgreSQL after each reconnect of its listening connection.
func (db *DB) WatchChanges(ctx context.Context, sink ChangeSink, log *slog.Logger) {
	if db.engine == Postgres {
		db.listenForChanges(ctx, sink, log)
	} else {
		db.pollChanges(ctx, sink, log)
	}
}

// listenForChanges LISTENs on a connection of its own, outside the pool,
// reconnecting with backoff whenever it fails.
func (db *DB) listenForChanges(ctx context.Context, sink ChangeSink, log *slog.Logger) {
	delay := minReconnectDelay
	for attempt := 0; ; attempt++ {
		err := db.listen(ctx, sink, func() {
			delay = minReconnectDelay
			if attempt > 0 {
				log.Info("listening for changes again; every cache was dropped, since changes may have been missed")
			} else {
				log.Info("listening for changes")
			}
		})
		if ctx.Err() != nil {
			return
		}
		log.Warn("the connection that hears of changes failed; reconnecting", "err", err, "retry_in", delay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay = min(2*delay, maxReconnectDelay)
	}
}

// listen connects, LISTENs, calls listening and sink.PublishAll, and then
// publishes each notification until the connection fails or ctx ends.
func (db *DB) listen(ctx context.Context, sink ChangeSink, listening func()) error {
	connectCtx, cancel := context.WithTimeout(ctx, db.listenerCheckInterval)
	defer cancel()
	conn, err := pgx.Connect(connectCtx, db.url)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	var channel string
	if err := conn.QueryRow(connectCtx, `SELECT `+changeChannel).Scan(&channel); err != nil {
		return err
	}
	if _, err := conn.Exec(connectCtx, `LISTEN `+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	sink.PublishAll()
	for {
		waitCtx, cancel := context.WithTimeout(ctx, db.listenerCheckInterval)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			sink.Publish(invalidate.Topic(n.Payload))
		case ctx.Err() != nil:
			return ctx.Err()
		case pgconn.Timeout(err):
			// Quiet for a while: make sure the connection still answers.
			pingCtx, cancel := context.WithTimeout(ctx, db.listenerCheckInterval)
			err := conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return fmt.Errorf("checking the quiet connection: %w", err)
			}
		default:
			return err
		}
	}
}

// pollChanges reads the SQLite database's versions every ChangePollInterval
// and publishes the topics whose version moved. Versions are kept in the
// database, so a failed read misses nothing: the next one catches up.
func (db *DB) pollChanges(ctx context.Context, sink ChangeSink, log *slog.Logger) {
	ticker := time.NewTicker(ChangePollInterval)
	defer ticker.Stop()
	var seen map[string]int64 // nil until the first read
	failing := false
	for {
		versions, err := db.changeVersions(ctx)
		switch {
		case err != nil:
			if !failing && ctx.Err() == nil {
				log.Warn("reading the change versions failed; retrying", "err", err)
			}
			failing = true
		case seen == nil:
			sink.PublishAll()
			seen, failing = versions, false
		default:
			for topic, version := range versions {
				if seen[topic] != version {
					sink.Publish(invalidate.Topic(topic))
				}
			}
			seen, failing = versions, false
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

func (db *DB) changeVersions(ctx context.Context) (map[string]int64, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT topic, version FROM change_versions`)
	if err != nil {
		return nil, err
	}
	versions := map[string]int64{}
	for rows.Next() {
		var topic string
		var version int64
		if err := rows.Scan(&topic, &version); err != nil {
			rows.Close()
			return nil, err
		}
		versions[topic] = version
	}
	return versions, closeRows(rows)
}
