package api_test

import (
	"bufio"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"knitfront/internal/api"
)

// TestARequestWithBothLengthsClosesItsConnection sends a request whose body
// has both a Content-Length and chunked encoding, with another request
// after the chunks, as a smuggler would, over one connection to the server
// as serve runs it. It is answered once, with Connection: close, and the
// request after it is never answered. A request with a Content-Length alone
// keeps its connection, and the one after it is answered.
func TestARequestWithBothLengthsClosesItsConnection(t *testing.T) {
	const smuggled = "GET /healthz HTTP/1.1\r\nHost: shop.example\r\n\r\n"
	for _, test := range []struct {
		name    string
		request string
		answers int
	}{
		{"both lengths", "POST /healthz HTTP/1.1\r\nHost: shop.example\r\nContent-Length: 48\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"0\r\n\r\n" + smuggled, 1},
		{"chunked alone", "POST /healthz HTTP/1.1\r\nHost: shop.example\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"2\r\n{}\r\n0\r\n\r\n" + smuggled, 1},
		{"a Content-Length alone", "POST /healthz HTTP/1.1\r\nHost: shop.example\r\nContent-Length: 2\r\n\r\n{}" + smuggled, 2},
	} {
		t.Run(test.name, func(t *testing.T) {
			handler := api.New(api.Config{})
			server := httptest.NewUnstartedServer(handler)
			server.Config = api.NewHTTPServer(handler, slog.New(slog.DiscardHandler))
			server.Start()
			defer server.Close()
			conn, err := net.Dial("tcp", server.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, test.request); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
			replies := bufio.NewReader(conn)
			var answers []*http.Response
			for {
				resp, err := http.ReadResponse(replies, nil)
				if err != nil {
					if errors.Is(err, os.ErrDeadlineExceeded) && test.answers == 1 {
						t.Error("the connection stayed open after the answer")
					}
					break
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				answers = append(answers, resp)
				if len(answers) == test.answers && test.answers > 1 {
					break
				}
			}
			if len(answers) != test.answers {
				t.Fatalf("%d answers, want %d", len(answers), test.answers)
			}
			if closes := answers[0].Close; closes != (test.answers == 1) {
				t.Errorf("the first answer's Connection: close is %v, want %v", closes, test.answers == 1)
			}
		})
	}
}
