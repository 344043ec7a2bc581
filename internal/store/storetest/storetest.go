// Package storetest opens fresh, migrated databases for tests on every engine:
// a temporary SQLite file always, and PostgreSQL when KNITFRONT_TEST_POSTGRES
// holds a server URL (`make test` starts PostgreSQL and sets it). Each
// PostgreSQL database is a schema of its own, dropped when the test ends, so
// tests run in parallel without seeing each other's rows.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"knitfront/internal/store"
)

// PostgresEnv names the variable that holds the PostgreSQL server for tests.
const PostgresEnv = "KNITFRONT_TEST_POSTGRES"

// Engine is a database engine a test can run on.
type Engine struct {
	Name store.Engine
	// NewURL returns the DATABASE_URL of a new, empty database that is
	// removed when the test ends.
	NewURL func(t testing.TB) string
}

// Engines returns SQLite, and PostgreSQL when KNITFRONT_TEST_POSTGRES is set.
func Engines(t testing.TB) []Engine {
	engines := []Engine{{Name: store.SQLite, NewURL: sqliteURL}}
	if server := os.Getenv(PostgresEnv); server != "" {
		engines = append(engines, Engine{Name: store.Postgres, NewURL: func(t testing.TB) string {
			return postgresURL(t, server)
		}})
	} else {
		t.Logf("%s is not set: PostgreSQL is not tested here (make test sets it)", PostgresEnv)
	}
	return engines
}

// PostgresOnly returns the URL of a fresh PostgreSQL database, removed when
// the test ends, for tests of what only PostgreSQL does (several instances
// on one database, LISTEN/NOTIFY); it skips the test when KNITFRONT_TEST_POSTGRES is not set.
func PostgresOnly(t testing.TB) string {
	t.Helper()
	server := os.Getenv(PostgresEnv)
	if server == "" {
		t.Skip("PostgreSQL only, and " + PostgresEnv + " is not set (make test sets it)")
	}
	return postgresURL(t, server)
}

// Each runs fn as a subtest on a fresh, migrated database of every engine.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, engine := range Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			fn(t, Open(t, engine.NewURL(t)))
		})
	}
}

// Open opens and migrates the database at databaseURL, closed when the test ends.
func Open(t testing.TB, databaseURL string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, databaseURL)
	if err != nil {
		t.Fatalf("opening %s: %v", databaseURL, err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatalf("migrating: %v", err)
	}
	return db
}

func sqliteURL(t testing.TB) string {
	return "sqlite:" + filepath.Join(t.TempDir(), "knitfront.db")
}

// postgresURL creates a schema of its own on the server and returns a URL
// whose connections use it.
func postgresURL(t testing.TB, server string) string {
	t.Helper()
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	defer admin.Close()
	random := make([]byte, 8)
	_, _ = rand.Read(random)
	schema := "test_" + hex.EncodeToString(random)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("creating schema on %s: %v (is PostgreSQL running? make test starts it)", server, err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
			return
		}
		defer admin.Close()
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
