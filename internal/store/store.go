// Package store is knitfront's database access for SQLite (the embedded
// default) and PostgreSQL. It knows SQL, not JSON or HTTP: the same portable
// statements run on both engines, and one set of tests checks them on both.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Engine names a database engine.
type Engine string

// The supported engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is an open database of either engine.
type DB struct {
	sql    *sql.DB
	engine Engine
	// url is where a PostgreSQL database is, for the connection that
	// listens for changes outside the pool.
	url string
	// listenerCheckInterval is how long the listening connection may be
	// quiet before it is checked; tests shorten it.
	listenerCheckInterval time.Duration
}

//go:embed migrations/*.sql
var migrations embed.FS

// sqlitePragmas make SQLite durable and safe for concurrent use: WAL with full
// sync so an acknowledged write survives a kill -9, foreign keys enforced, a
// busy timeout (added by sqliteOptions) instead of immediate "database is
// locked" errors, and write transactions that take the lock up front so they
// never deadlock on upgrade.
const sqlitePragmas = "_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)" +
	"&_pragma=synchronous(FULL)&_time_format=sqlite&_txlock=immediate"

// DefaultTimeout bounds a request's database work, connecting included,
// unless OpenWithin is given another bound: a database that hangs makes
// requests fail in that time rather than hang with it.
const DefaultTimeout = 3 * time.Second

// Open connects to the database that databaseURL names, with DefaultTimeout
// as its bound; see OpenWithin.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	return OpenWithin(ctx, databaseURL, DefaultTimeout)
}

// OpenWithin connects to the database that databaseURL names: `sqlite:PATH`
// (`sqlite::memory:` for a private in-memory database) or a `postgres://`
// URL. It creates the folder of a SQLite file when missing, and checks the
// connection before it returns. Within timeout each connection is made and
// each statement runs (PostgreSQL's connect_timeout and statement_timeout,
// unless the URL sets them; SQLite's busy timeout), so a database that
// stops answering frees its connections rather than holding them.
func OpenWithin(ctx context.Context, databaseURL string, timeout time.Duration) (*DB, error) {
	db, err := open(databaseURL, timeout)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := db.sql.PingContext(ctx); err != nil {
		db.sql.Close()
		return nil, fmt.Errorf("connecting to the %s database: %w", db.engine, err)
	}
	return db, nil
}

// sqliteOptions are the pragmas of a SQLite connection whose busy timeout is
// timeout.
func sqliteOptions(timeout time.Duration) string {
	return sqlitePragmas + fmt.Sprintf("&_pragma=busy_timeout(%d)", timeout.Milliseconds())
}

// postgresWithTimeouts adds connect_timeout (whole seconds, at least 1) and
// statement_timeout to a PostgreSQL URL that does not set them.
func postgresWithTimeouts(databaseURL string, timeout time.Duration) (string, error) {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return "", err
	}
	q := u.Query()
	if !q.Has("connect_timeout") {
		q.Set("connect_timeout", strconv.Itoa(max(1, int(math.Ceil(timeout.Seconds())))))
	}
	if !q.Has("statement_timeout") {
		q.Set("statement_timeout", strconv.FormatInt(timeout.Milliseconds(), 10))
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func open(databaseURL string, timeout time.Duration) (*DB, error) {
	switch {
	case strings.HasPrefix(databaseURL, "sqlite:"):
		path := strings.TrimPrefix(databaseURL, "sqlite:")
		if path == "" {
			return nil, errors.New("DATABASE_URL: sqlite: needs a file path, as in sqlite:data/knitfront.db")
		}
		if path == ":memory:" {
			db, err := sql.Open("sqlite", "file::memory:?"+sqliteOptions(timeout))
			if err != nil {
				return nil, err
			}
			// Each connection to :memory: is a database of its own.
			db.SetMaxOpenConns(1)
			return &DB{sql: db, engine: SQLite}, nil
		}
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("creating the database folder: %w", err)
			}
		}
		db, err := sql.Open("sqlite", "file:"+url.PathEscape(path)+"?"+sqliteOptions(timeout))
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(8)
		return &DB{sql: db, engine: SQLite}, nil
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		withTimeouts, err := postgresWithTimeouts(databaseURL, timeout)
		if err != nil {
			return nil, fmt.Errorf("DATABASE_URL: %w", err)
		}
		db, err := sql.Open("pgx", withTimeouts)
		if err != nil {
			return nil, fmt.Errorf("DATABASE_URL: %w", err)
		}
		db.SetMaxOpenConns(DefaultPostgresConnections)
		db.SetMaxIdleConns(DefaultPostgresConnections)
		return &DB{sql: db, engine: Postgres, url: databaseURL, listenerCheckInterval: listenerCheckInterval}, nil
	default:
		return nil, errors.New("DATABASE_URL must be sqlite:PATH or a postgres:// URL")
	}
}

// DefaultPostgresConnections is the most connections to PostgreSQL that the
// pool of one process opens, unless SetMaxConnections says otherwise; the
// connection that listens for changes comes on top.
const DefaultPostgresConnections = 16

// SetMaxConnections sets the most connections the pool opens, and keeps as
// many open when idle.
func (db *DB) SetMaxConnections(n int) {
	db.sql.SetMaxOpenConns(n)
	db.sql.SetMaxIdleConns(n)
}

// Engine reports which engine the database runs on.
func (db *DB) Engine() Engine { return db.engine }

// closeWait bounds how long Close waits for the statements still running.
const closeWait = 5 * time.Second

// Close closes the database once the statements still running end, at most
// closeWait after it is called. database/sql closes only its idle
// connections at once: one in use closes when its statement ends, and one
// the pool was still opening closes when the open completes. Until then a
// SQLite connection may still write its journal files beside the database,
// so Close waits for the pool's count to reach zero.
func (db *DB) Close() error {
	err := db.sql.Close()
	deadline := time.Now().Add(closeWait)
	for db.sql.Stats().OpenConnections > 0 {
		if time.Now().After(deadline) {
			return errors.Join(err, fmt.Errorf("closing the %s database: %d connections still in use after %v",
				db.engine, db.sql.Stats().OpenConnections, closeWait))
		}
		time.Sleep(5 * time.Millisecond)
	}
	return err
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// Stats reports the connection pool's use.
func (db *DB) Stats() sql.DBStats { return db.sql.Stats() }

// Migrate applies every migration not yet applied. On PostgreSQL a session
// advisory lock makes instances that start together take turns.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	provider, err := goose.NewProvider(dialect, db.sql, fsys, opts...)
	if err != nil {
		return fmt.Errorf("preparing migrations: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("applying migrations: %w", err)
	}
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// inTx runs fn in a transaction, committing when it returns nil.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
