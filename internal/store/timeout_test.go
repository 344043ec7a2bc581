package store_test

import (
	"context"
	"net"
	"testing"
	"time"

	"knitfront/internal/store"
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
