package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/invalidate"
	"knitfront/internal/money"
	"knitfront/internal/rates"
)

var _ rates.Store = (*DB)(nil)

// SaveRates replaces the stored rates with t, in one transaction. Concurrent
// saves by several instances are safe: each row is an upsert, and the rows
// are written in one fixed order, so two saves never wait on each other's
// rows in a cycle.
func (db *DB) SaveRates(ctx context.Context, t rates.Table) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("refusing to store rates: %w", err)
	}
	storedAt := time.Now().UTC()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, c := range slices.Sorted(maps.Keys(t.PerEUR)) {
			r := t.PerEUR[c]
			if _, err := tx.ExecContext(ctx, `
				INSERT INTO currency_rates (currency, per_eur, rates_date, source, stored_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (currency) DO UPDATE SET per_eur = excluded.per_eur, rates_date = excluded.rates_date,
					source = excluded.source, stored_at = excluded.stored_at`,
				string(c), rates.FormatRate(r), t.Date.UTC(), string(t.Source), storedAt); err != nil {
				return fmt.Errorf("storing the %s rate: %w", c, err)
			}
		}
		if t.Source == rates.SourceECB {
			if err := keepTakenRates(ctx, tx, t); err != nil {
				return err
			}
		}
		return db.publishChange(ctx, tx, invalidate.Rates)
	})
}

// keepTakenRates adds the feed's table t to the rates taken, and deletes
// those of days before rates.DriftWindow, which no refresh looks at again.
func keepTakenRates(ctx context.Context, tx *sql.Tx, t rates.Table) error {
	for _, c := range slices.Sorted(maps.Keys(t.PerEUR)) {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO currency_rates_taken (currency, rates_date, per_eur) VALUES ($1, $2, $3)
			ON CONFLICT (currency, rates_date, per_eur) DO NOTHING`,
			string(c), t.Date.UTC(), rates.FormatRate(t.PerEUR[c])); err != nil {
			return fmt.Errorf("keeping the %s rate taken: %w", c, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM currency_rates_taken WHERE rates_date < $1`,
		t.Date.UTC().Add(-rates.DriftWindow)); err != nil {
		return fmt.Errorf("deleting the old rates taken: %w", err)
	}
	return nil
}

// TakenRateRanges returns, per currency, the lowest and highest rates taken
// from the feed for days from since on.
func (db *DB) TakenRateRanges(ctx context.Context, since time.Time) (map[money.Currency]rates.Range, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT currency, per_eur FROM currency_rates_taken WHERE rates_date >= $1`, since.UTC())
	if err != nil {
		return nil, err
	}
	ranges := map[money.Currency]rates.Range{}
	for rows.Next() {
		var currency, perEUR string
		if err := rows.Scan(&currency, &perEUR); err != nil {
			rows.Close()
			return nil, err
		}
		r, err := strconv.ParseFloat(perEUR, 64)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("a %s rate taken: %w", currency, err)
		}
		ranges[money.Currency(currency)] = ranges[money.Currency(currency)].Widened(r)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	return ranges, nil
}

// ForgetTakenRates deletes every rate taken, so that the next table the
// feed gives is measured against nothing before it.
func (db *DB) ForgetTakenRates(ctx context.Context) error {
	_, err := db.sql.ExecContext(ctx, `DELETE FROM currency_rates_taken`)
	return err
}

// LatestRates returns the stored rates, or errs.ErrNotFound when there are none.
func (db *DB) LatestRates(ctx context.Context) (rates.Table, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT currency, per_eur, rates_date, source FROM currency_rates ORDER BY currency`)
	if err != nil {
		return rates.Table{}, err
	}
	t := rates.Table{PerEUR: map[money.Currency]float64{}}
	for rows.Next() {
		var currency, perEUR, source string
		var date time.Time
		if err := rows.Scan(&currency, &perEUR, &date, &source); err != nil {
			rows.Close()
			return rates.Table{}, err
		}
		if len(t.PerEUR) > 0 && (!date.Equal(t.Date) || rates.Source(source) != t.Source) {
			rows.Close()
			return rates.Table{}, fmt.Errorf("the stored rates mix days or sources: %s of %s beside %s of %s",
				source, date.Format(time.DateOnly), t.Source, t.Date.Format(time.DateOnly))
		}
		r, err := strconv.ParseFloat(perEUR, 64)
		if err != nil {
			rows.Close()
			return rates.Table{}, fmt.Errorf("the stored %s rate: %w", currency, err)
		}
		t.Date, t.Source = date.UTC(), rates.Source(source)
		t.PerEUR[money.Currency(currency)] = r
	}
	if err := closeRows(rows); err != nil {
		return rates.Table{}, err
	}
	if len(t.PerEUR) == 0 {
		return rates.Table{}, errs.ErrNotFound
	}
	if err := t.Validate(); err != nil {
		return rates.Table{}, fmt.Errorf("the stored rates: %w", err)
	}
	return t, nil
}
