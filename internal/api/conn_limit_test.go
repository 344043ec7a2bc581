package api_test

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"knitfront/internal/api"
)

// TestIdleConnectionsMakeRoomForNewClients opens many keep-alive
// connections, each idle after one request, against a server of low
// limits, then asks /healthz from a new connection: it is answered, and no
// more connections than the limits stay open.
func TestIdleConnectionsMakeRoomForNewClients(t *testing.T) {
	for _, test := range []struct {
		name     string
		limits   api.ConnLimits
		idle     int
		wantOpen int
	}{
		{"the total", api.ConnLimits{Total: 8, PerClient: 1000}, 50, 7},
		{"per client", api.ConnLimits{Total: 1000, PerClient: 4}, 50, 3},
	} {
		t.Run(test.name, func(t *testing.T) {
			handler := api.New(api.Config{})
			srv := api.NewHTTPServer(handler, slog.New(slog.DiscardHandler))
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			go func() { _ = srv.Serve(api.LimitConnections(srv, ln, test.limits)) }()
			defer srv.Close()
			addr := ln.Addr().String()
			type idleConn struct {
				conn    net.Conn
				replies *bufio.Reader
			}
			var idle []idleConn
			for range test.idle {
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				replies := bufio.NewReader(conn)
				if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: shop.example\r\n\r\n"); err != nil {
					t.Fatal(err)
				}
				if resp, err := http.ReadResponse(replies, nil); err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
				}
				idle = append(idle, idleConn{conn, replies})
			}
			client := &http.Client{Timeout: 2 * time.Second}
			resp, err := client.Get("http://" + addr + "/healthz")
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("a new client's /healthz with %d idle connections: %v, %v", test.idle, resp, err)
			}
			resp.Body.Close()
			client.CloseIdleConnections()
			open := 0
			// A read past its deadline fails at once, closed or not: each
			// gets its deadline when it is read.
			for _, c := range idle {
				_ = c.conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
				if _, err := c.replies.ReadByte(); err != io.EOF {
					open++ // timed out: still open
				}
			}
			if open != test.wantOpen {
				t.Errorf("%d of %d idle connections still open, want %d", open, test.idle, test.wantOpen)
			}
		})
	}
}
