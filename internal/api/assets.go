package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"knitfront/internal/httpgzip"
)

// Assets serves the built widget bundle (and, under `knitfront dev`, the
// theme's other assets). The entry file is addressed as
// /assets/knitfront.js?v=<content hash>: with the current hash it may be
// cached for a year; without it, briefly. Chunks carry their hash in their
// name and are always immutable. Each file is gzipped once, at start.
type Assets struct {
	files map[string]asset
	log   *slog.Logger
}

type asset struct {
	body, gzipped []byte
	hash          string
	contentType   string
}

// EntryAsset is the bundle's entry file, the one a page loads.
const EntryAsset = "knitfront.js"

const (
	immutableCache  = "public, max-age=31536000, immutable"
	revalidateCache = "public, max-age=300"
)

// NewAssets reads every file of fsys once; nil serves none.
func NewAssets(fsys fs.FS, log *slog.Logger) *Assets {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a := &Assets{files: map[string]asset{}, log: log}
	if fsys == nil {
		return a
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		log.Warn("no widget bundle to serve", "err", err)
		return a
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		body, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			log.Warn("unreadable bundle file", "file", e.Name(), "err", err)
			continue
		}
		sum := sha256.Sum256(body)
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		contentType := mime.TypeByExtension(path.Ext(e.Name()))
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		a.files[e.Name()] = asset{body: body, gzipped: gz.Bytes(), hash: hex.EncodeToString(sum[:])[:12], contentType: contentType}
	}
	if _, ok := a.files[EntryAsset]; !ok {
		log.Warn("the widget bundle is not built: run make build", "file", EntryAsset)
	}
	return a
}

// URL returns the cache-busting address of a file, such as
// /assets/knitfront.js?v=3f2a91c0, for pages that load it.
func (a *Assets) URL(name string) string {
	f, ok := a.files[name]
	if !ok {
		return "/assets/" + name
	}
	return "/assets/" + name + "?v=" + f.hash
}

// ServeHTTP serves GET /assets/{file}.
func (a *Assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	f, ok := a.files[name]
	if !ok {
		writeError(w, r, a.log, errNotFound)
		return
	}
	h := w.Header()
	body, etag := f.body, `"`+f.hash+`"`
	gzipped := httpgzip.Accepts(r.Header.Get("Accept-Encoding"))
	if gzipped {
		// Another encoding is another representation: its own strong ETag.
		body, etag = f.gzipped, `"`+f.hash+`-gzip"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	h.Set("Vary", "Accept-Encoding")
	h.Set("Access-Control-Allow-Origin", "*")
	if name != EntryAsset || r.URL.Query().Get("v") == f.hash {
		h.Set("Cache-Control", immutableCache)
	} else {
		h.Set("Cache-Control", revalidateCache)
	}
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", f.contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
