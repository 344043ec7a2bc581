package api

import (
	"net/http"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// The headers that say which rates an answer holds. Pages on the shop's
// origin may read them.
const (
	ratesDateHeader   = "X-Rates-Date"   // the day the rates are for, as 2026-11-20
	ratesSourceHeader = "X-Rates-Source" // ecb, static or demo
	ratesStaleHeader  = "X-Rates-Stale"  // "true" when the last refresh failed or the rates are old
	ratesExposed      = ratesDateHeader + ", " + ratesSourceHeader + ", " + ratesStaleHeader
)

// Rates change once a working day: browsers and CDNs may keep an answer for
// a few minutes, and stale rates for one, so fresh ones show soon after the
// feed recovers.
const (
	ratesCacheControl      = "public, max-age=300"
	staleRatesCacheControl = "public, max-age=60"
)

// currencyRates answers the flat rate map of a base currency:
// {"EUR": 1, "AUD": 1.65, ...}, one unit of the base buying that many.
func (s *Server) currencyRates(w http.ResponseWriter, r *http.Request) error {
	base, ok := money.ParseCurrency(r.PathValue("currency"))
	if !ok {
		return errs.Invalidf("invalid_currency", "The currency %q is not one of %s.",
			truncate(r.PathValue("currency"), 20), money.CurrencyNames())
	}
	quote, err := s.cfg.Rates.Current(r.Context())
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set(ratesDateHeader, quote.Table.Date.Format(time.DateOnly))
	h.Set(ratesSourceHeader, string(quote.Table.Source))
	h.Set("Access-Control-Expose-Headers", ratesExposed)
	cacheControl := ratesCacheControl
	if quote.Stale {
		h.Set(ratesStaleHeader, "true")
		cacheControl = staleRatesCacheControl
	}
	return writeJSON(w, r, quote.For(base), cacheControl)
}
