package store_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// silentServer accepts TCP connections and never answers on them, as a
// frozen PostgreSQL does; it returns its address.
func silentServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { conn.Close() })
		}
	}()
	return ln.Addr().String()
}

func TestOpeningADatabaseThatNeverAnswersGivesUpWithinTheTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	for _, test := range []struct {
		name, query string
	}{
		{"the timeout's own connect_timeout", ""},
		{"a longer connect_timeout in the URL", "?connect_timeout=30"},
	} {
		t.Run(test.name, func(t *testing.T) {
			url := "postgres://knitfront@" + silentServer(t) + "/knitfront" + test.query
			start := time.Now()
			db, err := store.OpenWithin(context.Background(), url, timeout)
			took := time.Since(start)
			if err == nil {
				db.Close()
				t.Fatal("opened a database that never answered")
			}
			// The bound is the timeout; the rest is slack for a loaded machine.
			if took > timeout+2*time.Second {
				t.Errorf("gave up after %v, want about %v", took, timeout)
			}
		})
	}
}

// TestCloseWaitsForTheConnectionsInUse: a connection still running a
// statement when Close is called must be closed before Close returns, so
// that nothing writes beside the database afterwards (a SQLite connection
// removes its journal files as it closes).
func TestCloseWaitsForTheConnectionsInUse(t *testing.T) {
	dir := t.TempDir()
	db := storetest.Open(t, "sqlite:"+filepath.Join(dir, "knitfront.db"))
	release, err := store.HoldConnection(db)
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan error, 1)
	go func() { closed <- db.Close() }()
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while a connection was in use", err)
	case <-time.After(200 * time.Millisecond):
	}
	release()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close had not returned 5 s after the connection was released")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"knitfront.db"}) {
		t.Errorf("after Close the directory holds %v, want only knitfront.db", names)
	}
}
