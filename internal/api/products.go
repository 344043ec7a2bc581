package api

import (
	"net/http"
	"sync"

	"knitfront/internal/errs"
	"knitfront/internal/pricetable"
)

// The price table may be held as long as a discount answer; which variants
// are on sale changes with every sale, so that list only briefly.
const (
	pricesCacheControl       = discountCacheControl
	availabilityCacheControl = "public, max-age=30"
)

// cachePrices answers the current price table of every market, encoded once
// per table.
func (s *Server) cachePrices(w http.ResponseWriter, r *http.Request) error {
	table, err := s.cfg.Prices.Current(r.Context())
	if err != nil {
		return err
	}
	enc, err := s.encodedPrices.encoded(table)
	if err != nil {
		return err
	}
	writeEncoded(w, r, enc, pricesCacheControl)
	return nil
}

// priceTableMemo holds the JSON of the table last served, with its ETag: the
// table is large, and the same until the cache rebuilds it.
type priceTableMemo struct {
	mu    sync.Mutex
	table *pricetable.Table
	enc   encodedJSON
}

func (m *priceTableMemo) encoded(table *pricetable.Table) (encodedJSON, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.table != table {
		enc, err := encodeJSON(table)
		if err != nil {
			return encodedJSON{}, err
		}
		m.table, m.enc = table, enc
	}
	return m.enc, nil
}

// variantIDsAnswer lists variant ids as numbers.
type variantIDsAnswer struct {
	VariantIDs []int64 `json:"variant_ids"`
}

// availableVariantIDs answers the ids of the variants on sale now, in the
// catalogue's order.
func (s *Server) availableVariantIDs(w http.ResponseWriter, r *http.Request) error {
	ids, err := s.cfg.Variants.AvailableVariantIDs(r.Context())
	if err != nil {
		return errs.Wrap(errs.Unavailable, "catalogue_unavailable", err, "The catalogue is unavailable right now. Please try again shortly.")
	}
	return writeJSON(w, r, variantIDsAnswer{VariantIDs: ids}, availabilityCacheControl)
}
