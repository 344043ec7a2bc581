package api

import (
	"net/http"
	"sync"

	"knitfront/internal/errs"
	"knitfront/internal/pricing"
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
	table, err := s.priceTable(r)
	if err != nil {
		return err
	}
	enc, err := s.encodedPrices.encoded(table, func(t *pricing.Table) any { return t })
	if err != nil {
		return err
	}
	writeEncoded(w, r, enc, pricesCacheControl)
	return nil
}

// tableMemo holds the JSON of one answer drawn from the table last served,
// with its ETag: the answer is the same until the model rebuilds the table,
// and the price table's is large.
type tableMemo struct {
	mu    sync.Mutex
	table *pricing.Table
	enc   encodedJSON
}

// encoded returns the JSON of answer(table), encoding it only when table is
// not the one last served.
func (m *tableMemo) encoded(table *pricing.Table, answer func(*pricing.Table) any) (encodedJSON, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.table != table {
		enc, err := encodeJSON(answer(table))
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
// catalogue's order, as the current price table holds them, encoded once per
// table.
func (s *Server) availableVariantIDs(w http.ResponseWriter, r *http.Request) error {
	table, err := s.priceTable(r)
	if err != nil {
		return errs.Wrap(errs.Unavailable, "catalogue_unavailable", err, "The catalogue is unavailable right now. Please try again shortly.")
	}
	enc, err := s.encodedAvailable.encoded(table, func(t *pricing.Table) any {
		return variantIDsAnswer{VariantIDs: t.AvailableVariantIDs()}
	})
	if err != nil {
		return err
	}
	writeEncoded(w, r, enc, availabilityCacheControl)
	return nil
}
