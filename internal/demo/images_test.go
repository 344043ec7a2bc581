package demo

import (
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// maxImageBytes keeps every drawing small enough to send with a page.
const maxImageBytes = 6 << 10

func TestImagesServesEveryCatalogueImage(t *testing.T) {
	doc := Catalog()
	urls := map[string]bool{}
	for _, k := range doc.Knitters {
		urls[k.Photo], urls[k.Avatar] = true, true
	}
	for _, p := range doc.Products {
		for _, u := range p.Images {
			urls[u] = true
		}
		for _, v := range p.Variants {
			urls[v.Image] = true
		}
	}
	for _, c := range palette() {
		urls[ImagePrefix+"swatches/"+c.name+".svg"] = true
	}
	for _, k := range kinds() {
		urls[productImageURL(k.name, "oat")] = true
	}
	delete(urls, "")

	images := Images()
	for url := range urls {
		t.Run(strings.TrimPrefix(url, ImagePrefix), func(t *testing.T) {
			rec := httptest.NewRecorder()
			images.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200", url, rec.Code)
			}
			for header, want := range map[string]string{
				"Content-Type":  "image/svg+xml",
				"Cache-Control": "public, max-age=86400",
			} {
				if got := rec.Header().Get(header); got != want {
					t.Errorf("%s: %q, want %q", header, got, want)
				}
			}
			if n := rec.Body.Len(); n > maxImageBytes {
				t.Errorf("body is %d bytes, want at most %d", n, maxImageBytes)
			}
			if err := checkSVG(rec.Body.String()); err != nil {
				t.Errorf("body is not an SVG document: %v\n%s", err, rec.Body)
			}
		})
	}
}

// checkSVG reports whether doc is well-formed XML with an <svg> root.
func checkSVG(doc string) error {
	dec := xml.NewDecoder(strings.NewReader(doc))
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if start, ok := tok.(xml.StartElement); ok && root == "" {
			root = start.Name.Local
		}
	}
	if root != "svg" {
		return errors.New("root element is <" + root + ">, want <svg>")
	}
	return nil
}

func TestImagesEscapesText(t *testing.T) {
	rec := httptest.NewRecorder()
	Images().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, ImagePrefix+"knitters/7-avatar.svg", nil))
	if body := rec.Body.String(); !strings.Contains(body, ">IŽ<") {
		t.Errorf("the avatar of Ieva Žukauskaitė does not show IŽ:\n%s", body)
	}
	if got := escapeXML(`<b> & "q"`); got != "&lt;b&gt; &amp; &#34;q&#34;" {
		t.Errorf("escapeXML = %q", got)
	}
}

func TestImagesRejects(t *testing.T) {
	for _, test := range []struct {
		name       string
		method     string
		path       string
		wantStatus int
	}{
		{"UnknownKind", http.MethodGet, "/demo-images/products/poncho-oat.svg", http.StatusNotFound},
		{"UnknownColour", http.MethodGet, "/demo-images/products/sweater-plaid.svg", http.StatusNotFound},
		{"ProductWithoutColour", http.MethodGet, "/demo-images/products/sweater.svg", http.StatusNotFound},
		{"NotSVG", http.MethodGet, "/demo-images/products/sweater-oat.png", http.StatusNotFound},
		{"UnknownSwatch", http.MethodGet, "/demo-images/swatches/plaid.svg", http.StatusNotFound},
		{"UnknownKnitter", http.MethodGet, "/demo-images/knitters/99-avatar.svg", http.StatusNotFound},
		{"KnitterZero", http.MethodGet, "/demo-images/knitters/0-photo.svg", http.StatusNotFound},
		{"KnitterLeadingZero", http.MethodGet, "/demo-images/knitters/01-photo.svg", http.StatusNotFound},
		{"UnknownPicture", http.MethodGet, "/demo-images/knitters/1-selfie.svg", http.StatusNotFound},
		{"UnknownFolder", http.MethodGet, "/demo-images/yarns/oat.svg", http.StatusNotFound},
		{"NestedPath", http.MethodGet, "/demo-images/products/sweater-oat.svg/x", http.StatusNotFound},
		{"Folder", http.MethodGet, "/demo-images/products/", http.StatusNotFound},
		{"Root", http.MethodGet, "/demo-images/", http.StatusNotFound},
		{"OutsidePrefix", http.MethodGet, "/products/sweater-oat.svg", http.StatusNotFound},
		{"Post", http.MethodPost, "/demo-images/products/sweater-oat.svg", http.StatusMethodNotAllowed},
	} {
		t.Run(test.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			Images().ServeHTTP(rec, httptest.NewRequest(test.method, test.path, nil))
			if rec.Code != test.wantStatus {
				t.Errorf("%s %s: status %d, want %d", test.method, test.path, rec.Code, test.wantStatus)
			}
		})
	}
}
