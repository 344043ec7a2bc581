package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"knitfront/internal/errs"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

// Discount answers may be reused briefly by browsers and CDNs; an import
// shows within this time at most, and the ETag makes rechecks cheap.
const discountCacheControl = "public, max-age=60"

// maxBatchIDs is the most variants or products one batch lookup takes: a
// collection page of 48 cards is far below it.
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

// errUnknownVariant and errUnknownProduct answer lookups of things that have
// no price in the market.
var (
	errUnknownVariant = errs.NotFoundf("unknown_variant", "No variant has that id.")
	errUnknownProduct = errs.NotFoundf("unknown_product", "No product has that id.")
)

func (s *Server) variantDiscount(w http.ResponseWriter, r *http.Request) error {
	market, err := parseMarket(r.PathValue("market"))
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("variantId"), "variant")
	if err != nil {
		return err
	}
	return s.writeDiscount(w, r, answerKey{market: market, id: id})
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
	return s.writeDiscount(w, r, answerKey{market: market, id: id, product: true})
}

// priceTable returns the current price table. Taking a fresh one reads only
// memory and so needs no deadline; waiting for a rebuild reads the database,
// and does so under the database timeout like every database call.
func (s *Server) priceTable(r *http.Request) (*pricing.Table, error) {
	if t := s.cfg.Prices.Fresh(); t != nil {
		return t, nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.DBTimeout)
	defer cancel()
	return s.cfg.Prices.Table(ctx)
}

// writeDiscount answers the discount of one variant or product. Single
// lookups are the API's hot path, so their answers are kept encoded, with
// their ETag, for as long as the table they come from is current: a hit is
// a map read and a write.
func (s *Server) writeDiscount(w http.ResponseWriter, r *http.Request, key answerKey) error {
	table, err := s.priceTable(r)
	if err != nil {
		return discountLookupError(err)
	}
	memo := s.discounts.of(table)
	enc, ok := memo.load(key)
	if !ok {
		quote, err := lookup(table, key)
		if err != nil {
			return err
		}
		if enc, err = encodeJSON(answerOf(quote)); err != nil {
			return err
		}
		memo.store(key, enc)
	}
	writeEncoded(w, r, enc, discountCacheControl)
	return nil
}

func lookup(table *pricing.Table, key answerKey) (pricing.Quote, error) {
	if key.product {
		if q, ok := table.Product(key.market, key.id); ok {
			return q, nil
		}
		return pricing.Quote{}, errUnknownProduct
	}
	if q, ok := table.Variant(key.market, key.id); ok {
		return q, nil
	}
	return pricing.Quote{}, errUnknownVariant
}

// answerKey names one single lookup: a variant's, or a product's, in a
// market.
type answerKey struct {
	market  money.Market
	id      int64
	product bool
}

// maxEncodedDiscounts bounds the answers kept per table: a shop of 100,000
// variants in four markets would otherwise keep an answer for each lookup a
// crawler makes. Past it, answers are encoded for each request.
const maxEncodedDiscounts = 100_000

// discountMemos holds the memo of the current table; a request that finds
// another table current starts a memo for it.
type discountMemos struct{ current atomic.Pointer[discountMemo] }

func (m *discountMemos) of(table *pricing.Table) *discountMemo {
	memo := m.current.Load()
	if memo != nil && memo.table == table {
		return memo
	}
	fresh := &discountMemo{table: table}
	// A request that took its table before a rebuild must not displace the
	// memo of the newer table; tables become current in the order built.
	if memo == nil || !table.BuiltAt.Before(memo.table.BuiltAt) {
		m.current.CompareAndSwap(memo, fresh)
	}
	return fresh
}

// discountMemo holds the encoded answers drawn from one table, which never
// changes: a sync.Map, since its reads, the bulk, write no shared memory.
type discountMemo struct {
	table   *pricing.Table
	answers sync.Map // answerKey → encodedJSON
	size    atomic.Int64
}

func (m *discountMemo) load(key answerKey) (encodedJSON, bool) {
	enc, ok := m.answers.Load(key)
	if !ok {
		return encodedJSON{}, false
	}
	return enc.(encodedJSON), true
}

func (m *discountMemo) store(key answerKey, enc encodedJSON) {
	if m.size.Load() >= maxEncodedDiscounts {
		return
	}
	if _, loaded := m.answers.LoadOrStore(key, enc); !loaded {
		m.size.Add(1)
	}
}

// batchAnswer maps each known variant or product id to its discount;
// unknown ids are left out.
type batchAnswer struct {
	Discounts map[string]discountAnswer `json:"discounts"`
}

// batchDiscounts answers the discounts of a list of variants (variants=) or
// of products (products=, each its cheapest variant's, as a product's single
// lookup): a theme whose cards know only their product, as Dawn's, still
// makes one request for a page of cards.
func (s *Server) batchDiscounts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	market, err := parseMarket(q.Get("market"))
	if err != nil {
		return err
	}
	kind, list := "variant", q.Get("variants")
	lookup := (*pricing.Table).Variant
	if q.Has("products") {
		if q.Has("variants") {
			return errs.Invalidf("invalid_ids", "Ask for variants or for products in one request, not both.")
		}
		kind, list, lookup = "product", q.Get("products"), (*pricing.Table).Product
	}
	ids, err := parseIDList(list, kind)
	if err != nil {
		return err
	}
	table, err := s.priceTable(r)
	if err != nil {
		return discountLookupError(err)
	}
	answer := batchAnswer{Discounts: make(map[string]discountAnswer, len(ids))}
	for _, id := range ids {
		if quote, ok := lookup(table, market, id); ok {
			answer.Discounts[strconv.FormatInt(id, 10)] = answerOf(quote)
		}
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

// parseIDList reads a comma-separated list of distinct ids of a kind
// (variant or product).
func parseIDList(s, kind string) ([]int64, error) {
	if s == "" {
		return nil, errs.Invalidf("invalid_"+kind+"s", "%ss is required: a comma-separated list of %s ids.", kind, kind)
	}
	parts := strings.Split(s, ",")
	if len(parts) > maxBatchIDs {
		return nil, errs.Invalidf("too_many_ids", "At most %d %s ids go in one request; this one has %d.", maxBatchIDs, kind, len(parts))
	}
	ids := make([]int64, 0, len(parts))
	seen := make(map[int64]bool, len(parts))
	for _, part := range parts {
		id, err := parseID(part, kind)
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, errs.Invalidf("duplicate_id", "The %s id %d is listed twice.", kind, id)
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
