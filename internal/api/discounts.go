package api

import (
	"net/http"
	"strconv"
	"strings"
	"sync"

	"knitfront/internal/errs"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

// Discount answers may be reused briefly by browsers and CDNs; an import
// shows within this time at most, and the ETag makes rechecks cheap.
const discountCacheControl = "public, max-age=60"

// maxBatchIDs is the most variants one batch lookup takes: a collection page
// of 48 cards is far below it.
const maxBatchIDs = 250

// discountAnswer is the JSON of one discount; no discount is {"amount": 0}.
type discountAnswer struct {
	Amount     money.Amount   `json:"amount"`
	Currency   money.Currency `json:"currency,omitempty"`
	Percentage money.Percent  `json:"percentage,omitempty"`
	Title      string         `json:"title,omitempty"`
}

func answerOf(q pricing.Quote) discountAnswer {
	d := q.Discount
	if d.Amount == 0 {
		return discountAnswer{}
	}
	return discountAnswer{Amount: d.Amount, Currency: d.Currency, Percentage: d.Percent, Title: d.Title}
}

// discountLookupError keeps the discount endpoints' own error code when the
// prices cannot be read: their clients show prices undiscounted on it.
func discountLookupError(err error) error {
	if errs.KindOf(err) == errs.Unavailable {
		return errs.Wrap(errs.Unavailable, "discounts_unavailable", err, "Discounts are unavailable right now. Please try again shortly.")
	}
	return err
}

func (s *Server) variantDiscount(w http.ResponseWriter, r *http.Request) error {
	market, err := parseMarket(r.PathValue("market"))
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("variantId"), "variant")
	if err != nil {
		return err
	}
	quote, err := s.cfg.Prices.Variant(r.Context(), market, id)
	if err != nil {
		return discountLookupError(err)
	}
	return s.writeDiscount(w, r, quote)
}

func (s *Server) productDiscount(w http.ResponseWriter, r *http.Request) error {
	market, err := parseMarket(r.PathValue("market"))
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("productId"), "product")
	if err != nil {
		return err
	}
	quote, err := s.cfg.Prices.Product(r.Context(), market, id)
	if err != nil {
		return discountLookupError(err)
	}
	return s.writeDiscount(w, r, quote)
}

// writeDiscount answers one discount. Its JSON is memoized: single lookups
// are the API's hot path, and distinct answers are few (one per rule and
// price), so the memo is simply emptied if it ever grows past its bound.
func (s *Server) writeDiscount(w http.ResponseWriter, r *http.Request, quote pricing.Quote) error {
	answer := answerOf(quote)
	s.encodedDiscounts.mu.RLock()
	enc, ok := s.encodedDiscounts.m[answer]
	s.encodedDiscounts.mu.RUnlock()
	if !ok {
		var err error
		if enc, err = encodeJSON(answer); err != nil {
			return err
		}
		s.encodedDiscounts.mu.Lock()
		if len(s.encodedDiscounts.m) >= maxEncodedDiscounts {
			clear(s.encodedDiscounts.m)
		}
		s.encodedDiscounts.m[answer] = enc
		s.encodedDiscounts.mu.Unlock()
	}
	writeEncoded(w, r, enc, discountCacheControl)
	return nil
}

const maxEncodedDiscounts = 10_000

type discountMemo struct {
	mu sync.RWMutex
	m  map[discountAnswer]encodedJSON
}

// batchAnswer maps each known variant id to its discount; unknown ids are
// left out.
type batchAnswer struct {
	Discounts map[string]discountAnswer `json:"discounts"`
}

func (s *Server) batchDiscounts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	market, err := parseMarket(q.Get("market"))
	if err != nil {
		return err
	}
	ids, err := parseIDList(q.Get("variants"))
	if err != nil {
		return err
	}
	quotes, err := s.cfg.Prices.Variants(r.Context(), market, ids)
	if err != nil {
		return discountLookupError(err)
	}
	answer := batchAnswer{Discounts: make(map[string]discountAnswer, len(quotes))}
	for id, quote := range quotes {
		answer.Discounts[strconv.FormatInt(id, 10)] = answerOf(quote)
	}
	return writeJSON(w, r, answer, discountCacheControl)
}

// parseMarket reads a country code and returns the market that serves it;
// countries without a market of their own shop in the default one.
func parseMarket(s string) (money.Market, error) {
	if s == "" {
		return "", errs.Invalidf("invalid_market", "A market is required: a two-letter country code such as LT or US.")
	}
	m, err := money.MarketForCountry(s)
	if err != nil {
		return "", errs.Invalidf("invalid_market", "The market %q is not a two-letter country code such as LT or US.", truncate(s, 20))
	}
	return m, nil
}

// maxIDDigits is the most digits an id has: int64 holds 19.
const maxIDDigits = 19

// parseID reads a positive numeric id, such as Shopify's 14-digit variant ids.
func parseID(s, what string) (int64, error) {
	if s == "" || len(s) > maxIDDigits || strings.TrimLeft(s, "0123456789") != "" {
		return 0, errs.Invalidf("invalid_id", "The %s id %q is not a number of at most %d digits.", what, truncate(s, 24), maxIDDigits)
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, errs.Invalidf("invalid_id", "The %s id %q is not a positive number that fits in 64 bits.", what, s)
	}
	return id, nil
}

// parseIDList reads a comma-separated list of distinct variant ids.
func parseIDList(s string) ([]int64, error) {
	if s == "" {
		return nil, errs.Invalidf("invalid_variants", "variants is required: a comma-separated list of variant ids.")
	}
	parts := strings.Split(s, ",")
	if len(parts) > maxBatchIDs {
		return nil, errs.Invalidf("too_many_ids", "At most %d variant ids go in one request; this one has %d.", maxBatchIDs, len(parts))
	}
	ids := make([]int64, 0, len(parts))
	seen := make(map[int64]bool, len(parts))
	for _, part := range parts {
		id, err := parseID(part, "variant")
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, errs.Invalidf("duplicate_id", "The variant id %d is listed twice.", id)
		}
		seen[id] = true
		ids = append(ids, id)
	}
	return ids, nil
}

// truncate shortens untrusted input quoted back in an error message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
