package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"knitfront/internal/errs"
)

// RequestIDHeader carries the request id to the client and from a proxy. It
// is in canonical form, so the hot path may assign it to a header map.
const RequestIDHeader = "X-Request-Id"

// requestIDs makes ids unique across instances and cheap on the hot path: a
// random prefix per process and a counter.
type requestIDs struct {
	prefix string
	next   atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return &requestIDs{prefix: hex.EncodeToString(b[:]) + "-"}
}

func (ids *requestIDs) new() string {
	return ids.prefix + strconv.FormatUint(ids.next.Add(1), 36)
}

// saneRequestID accepts a proxy's id only when it is short and plain, since
// it is echoed in a header and written to logs.
func saneRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// withRequestID gives each request an id, taken from a trusted proxy when
// sane, and returns it in a response header, where the log lines of the
// request read it. A client's own id is replaced: it could otherwise pass
// its requests off under another's id in the logs.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(RequestIDHeader)
		if !saneRequestID(id) || !s.fromTrustedProxy(r) {
			id = s.ids.new()
		}
		w.Header()[RequestIDHeader] = []string{id}
		next.ServeHTTP(w, r)
	})
}

// requestIDOf returns the id withRequestID gave the request w answers.
func requestIDOf(w http.ResponseWriter) string { return w.Header().Get(RequestIDHeader) }

// statusRecorder remembers the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// withAccessLog logs and counts each request. Successful reads log at debug
// level: they are the bulk of the traffic, and a CDN or load balancer logs
// them too.
func (s *Server) withAccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		took := time.Since(start)
		status := rec.status
		if status == 0 {
			status = http.StatusOK // net/http answers 200 for a handler that wrote nothing
		}
		if s.cfg.Requests != nil {
			s.cfg.Requests.ObserveRequest(routeOf(r), r.Method, status, took)
		}
		level := slog.LevelInfo
		if status < 400 && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			level = slog.LevelDebug
		}
		if !s.log.Enabled(r.Context(), level) {
			return
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("request_id", requestIDOf(w)),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", status),
			slog.Duration("duration", took))
	})
}

// unmatchedRoute names the route of requests answered before the mux
// matched a pattern, such as those with an address too long.
const unmatchedRoute = "unmatched"

// routeOf is the pattern that served r, which the mux set on it: a bounded
// name for metrics, unlike the path.
func routeOf(r *http.Request) string {
	if r.Pattern == "" {
		return unmatchedRoute
	}
	return r.Pattern
}

// withRecover turns a panic into a 500 JSON answer and a log line, so one
// bad request never takes the process down.
func (s *Server) withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic serving request",
					"request_id", requestIDOf(w), "path", r.URL.Path, "panic", v)
				writeErrorStatus(w, http.StatusInternalServerError, "internal", errs.InternalMessage)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// DefaultDBTimeout bounds a request's database work unless Config says
// otherwise: a shopper waits no longer than this for an answer, and a hung
// database holds no request, nor its connection, past it.
const DefaultDBTimeout = 3 * time.Second

// withDeadline gives a request's work the database timeout as its deadline;
// writeError answers 503 for a request that runs past it.
func (s *Server) withDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.DBTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// withChunkedBodyClose closes the connection after answering a request with
// a chunked body. A request that also carries a Content-Length may be
// smuggling another after its body, read as one by a proxy that takes the
// Content-Length and as two here; the HTTP specification asks a server to
// close the connection after answering such a request. net/http reads the
// chunks and drops the Content-Length before a handler sees the request, so
// the two cannot be told apart: every chunked body closes its connection.
// Browsers and Shopify send a Content-Length; a chunked body is rare enough
// for a new connection to cost nothing.
func withChunkedBodyClose(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slices.Contains(r.TransferEncoding, "chunked") {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

// maxQueryBytes bounds the query string; the longest real one, a batch of 250
// variant ids, is under 5,000 bytes.
const maxQueryBytes = 8 << 10

func withQueryLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.RawQuery) > maxQueryBytes || len(r.URL.Path) > maxQueryBytes {
			writeErrorStatus(w, http.StatusRequestURITooLong, "uri_too_long", "The address is too long.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// The fallback patterns catch what no route takes: unknown /api paths,
// unknown paths under the app proxy's, and the site (the dev storefront)
// outside them.
const (
	apiFallback   = "/api/"
	proxyFallback = AppProxyPath + "/"
	siteFallback  = "/"
)

// probeMethods are the methods a path is tried with to fill a 405's Allow.
var probeMethods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// orMethodNotAllowed wraps a fallback: when the path has routes, but none for
// the request's method, it answers 405 with an Allow header and the JSON
// error shape. The mux cannot, since its fallbacks match every method.
func orMethodNotAllowed(mux *http.ServeMux, fallback http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, method := range probeMethods {
			probe := r.Clone(r.Context())
			probe.Method = method
			if _, pattern := mux.Handler(probe); pattern != apiFallback && pattern != proxyFallback && pattern != siteFallback {
				allow = append(allow, method)
			}
		}
		if len(allow) == 0 {
			fallback.ServeHTTP(w, r)
			return
		}
		if slices.Contains(allow, http.MethodGet) {
			allow = append(allow, http.MethodHead)
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeErrorStatus(w, http.StatusMethodNotAllowed, "method_not_allowed",
			"This address does not take "+r.Method+"; it takes "+strings.Join(allow, " or ")+".")
	})
}

// anyOrigin is the Access-Control-Allow-Origin of the public answers, shared
// by all of them: never change it.
var anyOrigin = []string{"*"}

// withPublicReads lets pages on any origin read the API's public answers;
// the shop's pages live on the shop's own domain.
func withPublicReads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			w.Header()["Access-Control-Allow-Origin"] = anyOrigin
		}
		next.ServeHTTP(w, r)
	})
}

var errNotFound = errs.NotFoundf("not_found", "Nothing is at this address.")

func notFound(http.ResponseWriter, *http.Request) error { return errNotFound }
