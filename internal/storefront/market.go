package storefront

import (
	"net/http"
	"strings"
	"time"

	"knitfront/internal/money"
)

// The cookies Shopify keeps the shopper's country and currency in; the
// widgets read both.
const (
	localizationCookie = "localization"
	cartCurrencyCookie = "cart_currency"
	cartCookie         = "cart"
	// cookieLifetime is how long Shopify keeps a cart: two weeks.
	cookieLifetime = 14 * 24 * time.Hour
)

// country is a country the shop sells to. The shop's markets are LT, AU, GB
// and US; every other country shops in the default market, in euros.
type country struct {
	Code, Name string
}

// shopCountries are the countries the country selector offers, by name.
var shopCountries = []country{
	{"AU", "Australia"},
	{"EE", "Estonia"},
	{"FR", "France"},
	{"DE", "Germany"},
	{"LV", "Latvia"},
	{"LT", "Lithuania"},
	{"GB", "United Kingdom"},
	{"US", "United States"},
}

// defaultCountry is the country of a shopper who has not chosen one.
const defaultCountry = "LT"

func countryNamed(code string) country {
	for _, c := range shopCountries {
		if c.Code == code {
			return c
		}
	}
	return country{Code: code, Name: code}
}

// parseCountry reads a two-letter country code in any letter case.
func parseCountry(s string) (string, bool) {
	if _, err := money.MarketForCountry(s); err != nil {
		return "", false
	}
	return strings.ToUpper(s), true
}

// marketOf returns the market that serves a country.
func marketOf(code string) money.Market {
	m, err := money.MarketForCountry(code)
	if err != nil {
		return money.DefaultMarket
	}
	return m
}

// countryOf finds the shopper's country as Shopify does: the country query
// parameter first, then the localization cookie, then the market of the
// cart_currency cookie. setCookies reports when the cookies must be set: for
// the query parameter, and on a visit without a localization cookie, which
// Shopify sets on a shopper's first page.
func countryOf(r *http.Request) (code string, setCookies bool) {
	if code, ok := parseCountry(r.URL.Query().Get("country")); ok {
		return code, true
	}
	if c, err := r.Cookie(localizationCookie); err == nil {
		if code, ok := parseCountry(c.Value); ok {
			return code, false
		}
	}
	if c, err := r.Cookie(cartCurrencyCookie); err == nil {
		for _, m := range money.Markets {
			if string(m.Currency()) == strings.ToUpper(c.Value) {
				return string(m), true
			}
		}
	}
	return defaultCountry, true
}

// setCountryCookies remembers the shopper's country and its currency.
func setCountryCookies(w http.ResponseWriter, code string) {
	setCookie(w, localizationCookie, code)
	setCookie(w, cartCurrencyCookie, string(marketOf(code).Currency()))
}

// setCookie sets a cookie the page's scripts may read, as Shopify's are.
func setCookie(w http.ResponseWriter, name, value string) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(cookieLifetime.Seconds()), SameSite: http.SameSiteLaxMode,
	})
}

// localization is POST /localization, the target of the theme's country
// selector (Shopify's localization form): it sets the country cookies and
// goes back to the page the form was on.
func (s *Storefront) localization(w http.ResponseWriter, r *http.Request) {
	if err := parseForm(w, r); err != nil {
		http.Error(w, "The form could not be read.", http.StatusBadRequest)
		return
	}
	code, ok := parseCountry(r.PostFormValue("country_code"))
	if !ok {
		http.Error(w, "country_code must be a two-letter country code, such as LT or US.", http.StatusBadRequest)
		return
	}
	setCountryCookies(w, code)
	http.Redirect(w, r, localPath(r.PostFormValue("return_to")), http.StatusFound)
}

// localPath accepts a return address only when it is a path on this site,
// so a form cannot send the shopper elsewhere.
func localPath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\\r\n") {
		return "/"
	}
	return p
}

// maxFormBytes bounds a form or JSON body of the storefront.
const maxFormBytes = 64 << 10

// parseForm reads a urlencoded or multipart form, as Shopify's forms post
// either.
func parseForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		return r.ParseMultipartForm(maxFormBytes)
	}
	return r.ParseForm()
}
