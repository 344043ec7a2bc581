package store_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knitfront/internal/invalidate"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// changeLatency is the most a change may take to reach every instance.
const changeLatency = time.Second

// recordingSink records what WatchChanges publishes: a topic, or "*" for
// everything.
type recordingSink struct {
	mu     sync.Mutex
	events []string
}

func (s *recordingSink) Publish(topic invalidate.Topic) { s.record(string(topic)) }
func (s *recordingSink) PublishAll()                    { s.record("*") }

func (s *recordingSink) record(event string) {
	s.mu.Lock()
	s.events = append(s.events, event)
	s.mu.Unlock()
}

func (s *recordingSink) Events() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.events)
}

// waitFor waits until the sink recorded want, and returns how long it took.
func (s *recordingSink) waitFor(t *testing.T, within time.Duration, want ...string) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < within {
		if slices.Equal(s.Events(), want) {
			return time.Since(start)
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("after %s the watcher published %q; want %q", within, s.Events(), want)
	return 0
}

// watch runs db.WatchChanges until the test ends, once it published
// everything at its start.
func watch(t *testing.T, db *store.DB) *recordingSink {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	sink := &recordingSink{}
	done := make(chan struct{})
	go func() {
		db.WatchChanges(ctx, sink, slog.New(slog.NewTextHandler(io.Discard, nil)))
		close(done)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	sink.waitFor(t, 10*time.Second, "*")
	return sink
}

// eachEngineTwice runs fn on every engine with two handles on one fresh
// database, as two processes have: a writer and a watcher.
func eachEngineTwice(t *testing.T, fn func(t *testing.T, engine store.Engine, writer, watcher *store.DB)) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			u := engine.NewURL(t)
			fn(t, engine.Name, storetest.Open(t, u), storetest.Open(t, u))
		})
	}
}

func TestAnImportReachesAnotherProcessWithinASecond(t *testing.T) {
	eachEngineTwice(t, func(t *testing.T, engine store.Engine, writer, watcher *store.DB) {
		sink := watch(t, watcher)
		mustImport(t, writer, smallShop())
		took := sink.waitFor(t, changeLatency, "*", string(invalidate.Catalog))
		t.Logf("%s: the import reached the other process's watcher in %s", engine, took.Round(100*time.Microsecond))
	})
}

func TestARolledBackImportPublishesNothing(t *testing.T) {
	eachEngineTwice(t, func(t *testing.T, _ store.Engine, writer, watcher *store.DB) {
		sink := watch(t, watcher)
		broken := smallShop()
		broken.Products[0].Collections = []string{"no-such-collection"}
		if _, err := writer.Import(context.Background(), broken); err == nil {
			t.Fatal("an import naming an unknown collection succeeded")
		}
		mustImport(t, writer, smallShop())
		sink.waitFor(t, changeLatency, "*", string(invalidate.Catalog))
		time.Sleep(2 * store.ChangePollInterval)
		if events := sink.Events(); len(events) != 2 {
			t.Errorf("published %q; want only the committed import's change", events)
		}
	})
}

func TestTheListenerRecoversFromAKilledConnection(t *testing.T) {
	u := storetest.PostgresOnly(t)
	writer, watcher := storetest.Open(t, u), storetest.Open(t, u)
	sink := watch(t, watcher)

	admin, err := sql.Open("pgx", u)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var killed int
	if err := admin.QueryRow(`
		SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE query = 'LISTEN "knitfront_' || md5(current_schema()) || '"'`).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("terminating the listening connection: %d terminated, %v; want 1", killed, err)
	}
	// It may have missed changes while it was down: everything goes.
	sink.waitFor(t, 5*time.Second, "*", "*")
	mustImport(t, writer, smallShop())
	sink.waitFor(t, changeLatency, "*", "*", string(invalidate.Catalog))
}

func TestTheListenerNoticesASilentlyDroppedConnection(t *testing.T) {
	u, err := url.Parse(storetest.PostgresOnly(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := newStallingProxy(t, u.Host)
	u.Host = proxy.addr
	watcher := storetest.Open(t, u.String())
	store.SetListenerCheckInterval(watcher, 200*time.Millisecond)
	sink := watch(t, watcher)

	// The network drops every packet, silently: no error, no close.
	proxy.stall(true)
	time.Sleep(time.Second)
	proxy.stall(false)
	// Had the quiet connection not been checked, it would carry on as if
	// nothing happened, having missed whatever changed meanwhile.
	sink.waitFor(t, 5*time.Second, "*", "*")
}

// stallingProxy forwards TCP connections to a server and can stall them all:
// while stalled it moves no bytes either way and keeps every connection open.
type stallingProxy struct {
	addr    string
	stalled atomic.Bool
}

func newStallingProxy(t *testing.T, server string) *stallingProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &stallingProxy{addr: ln.Addr().String()}
	var conns sync.WaitGroup
	t.Cleanup(func() {
		ln.Close()
		p.stall(false)
		conns.Wait()
	})
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			upstream, err := net.Dial("tcp", server)
			if err != nil {
				client.Close()
				continue
			}
			closeBoth := sync.OnceFunc(func() { client.Close(); upstream.Close() })
			conns.Go(func() { p.pipe(upstream, client); closeBoth() })
			conns.Go(func() { p.pipe(client, upstream); closeBoth() })
		}
	}()
	return p
}

func (p *stallingProxy) stall(on bool) { p.stalled.Store(on) }

// pipe copies from src to dst, holding each chunk while the proxy stalls.
func (p *stallingProxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		for p.stalled.Load() {
			time.Sleep(10 * time.Millisecond)
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
