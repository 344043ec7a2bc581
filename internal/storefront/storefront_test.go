package storefront_test

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront"
	"knitfront/internal/demo"
	"knitfront/internal/pricing"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
	"knitfront/internal/storefront"
)

// Demo catalogue ids the tests use (see internal/demo).
const (
	oatCableXS      = "45123456000101" // 129 EUR, 13 in stock
	oatCableS       = "45123456000102" // 4 in stock
	harbourNavyXS   = "45123456000201" // 119 EUR; 10 % off in LT
	snowfallSkyXS   = "45123456000601" // pre-order: 20 % deposit or pay in full
	heatherRaglanXS = "45123456000701" // sold out
	berryPatchXS    = "45123456001401" // pre-order: a fixed deposit
	snowfallDeposit = "4123456061"
	snowfallFull    = "4123456062"
	berryDeposit    = "4123456141"
)

// now is inside the demo's running discount rules.
var now = time.Date(2025, 11, 3, 12, 0, 0, 0, time.UTC)

// shop is the dev storefront over the demo catalogue in a fresh SQLite
// store, with a shopper whose cookies persist across requests.
type shop struct {
	t      *testing.T
	server *httptest.Server
	client *http.Client
}

// demoDatabase is a SQLite file holding the demo catalogue, made once;
// each shop starts from a copy, since importing takes long under -race.
var demoDatabase struct {
	once sync.Once
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if demoDatabase.path != "" {
		os.RemoveAll(filepath.Dir(demoDatabase.path))
	}
	os.Exit(code)
}

func demoCopy(t *testing.T) string {
	t.Helper()
	demoDatabase.once.Do(func() {
		dir, err := os.MkdirTemp("", "storefront-test-")
		if err != nil {
			demoDatabase.err = err
			return
		}
		demoDatabase.path = filepath.Join(dir, "demo.db")
		db, err := store.Open(context.Background(), "sqlite:"+demoDatabase.path)
		if err == nil {
			if err = db.Migrate(context.Background(), slog.New(slog.DiscardHandler)); err == nil {
				_, err = db.Import(context.Background(), demo.Catalog())
			}
			db.Close()
		}
		demoDatabase.err = err
	})
	if demoDatabase.err != nil {
		t.Fatal(demoDatabase.err)
	}
	b, err := os.ReadFile(demoDatabase.path)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "shop.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func newShop(t *testing.T) *shop { return newShopWithTheme(t, knitfront.Theme(), nil) }

// newShopWithTheme is a shop of the demo catalogue in another theme, with
// an app extension when app is not nil.
func newShopWithTheme(t *testing.T, theme, app fs.FS) *shop {
	t.Helper()
	db := storetest.Open(t, "sqlite:"+demoCopy(t))
	front, err := storefront.New(storefront.Config{
		Store:        db,
		Prices:       pricing.New(db, func() time.Time { return now }),
		Theme:        theme,
		AppExtension: app,
		AssetURL:     func(name string) string { return "/assets/" + name + "?v=test" },
		Now:          func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(front)
	t.Cleanup(server.Close)
	return &shop{t: t, server: server, client: newClient(t)}
}

func newClient(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// shopper returns another shopper of the same shop, with cookies of their own.
func (s *shop) shopper() *shop {
	return &shop{t: s.t, server: s.server, client: newClient(s.t)}
}

type answer struct {
	status int
	header http.Header
	body   string
}

func (a answer) json(t *testing.T, into any) {
	t.Helper()
	if err := json.Unmarshal([]byte(a.body), into); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, a.body)
	}
}

func (s *shop) do(req *http.Request) answer {
	s.t.Helper()
	res, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return answer{res.StatusCode, res.Header, string(body)}
}

func (s *shop) get(path string) answer {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.server.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.do(req)
}

func (s *shop) postJSON(path string, body any) answer {
	s.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.post(path, "application/json", string(b))
}

func (s *shop) postForm(path string, form url.Values) answer {
	s.t.Helper()
	return s.post(path, "application/x-www-form-urlencoded", form.Encode())
}

func (s *shop) post(path, contentType, body string) answer {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.server.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	return s.do(req)
}

// setCountry sets the shopper's country as the country selector does.
func (s *shop) setCountry(code string) {
	s.t.Helper()
	a := s.postForm("/localization", url.Values{"country_code": {code}, "return_to": {"/"}})
	if a.status != http.StatusFound {
		s.t.Fatalf("POST /localization %s: %d %s", code, a.status, a.body)
	}
}

// attribute returns the value of an attribute of the first element with the
// tag whose attributes contain match.
func attribute(t *testing.T, html, tag, match, name string) string {
	t.Helper()
	for _, element := range regexp.MustCompile(`(?s)<`+tag+`\b[^>]*>`).FindAllString(html, -1) {
		if !strings.Contains(element, match) {
			continue
		}
		m := regexp.MustCompile(`\b` + name + `="([^"]*)"`).FindStringSubmatch(element)
		if m == nil {
			t.Fatalf("<%s %s> has no %s: %s", tag, match, name, element)
		}
		return m[1]
	}
	t.Fatalf("no <%s> with %q in the page", tag, match)
	return ""
}

func count(html, s string) int { return strings.Count(html, s) }
