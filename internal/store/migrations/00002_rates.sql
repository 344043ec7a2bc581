-- The last known currency rates, so that a restart or a feed outage never
-- leaves the shop without any. One row per currency: how many units of it one
-- euro buys, as the decimal text the source published (read back as the same
-- number). A new day's rates overwrite every row in one transaction, so all
-- rows share one date and source.

-- +goose Up
CREATE TABLE currency_rates (
    currency   TEXT      PRIMARY KEY,
    per_eur    TEXT      NOT NULL,
    rates_date TIMESTAMP NOT NULL,
    source     TEXT      NOT NULL,
    stored_at  TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE currency_rates;
