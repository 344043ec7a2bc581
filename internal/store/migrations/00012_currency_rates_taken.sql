-- Every distinct rate taken from the feed, per currency and day of rates,
-- for the days a refresh looks back over: a rate too far from the lowest or
-- the highest of them is refused, so that a feed cannot walk a rate away in
-- steps each under the jump limit. Saving a day of the feed's rates adds its
-- rows and deletes those older than the window; `rates refresh
-- --accept-jump` deletes them all, so that the move it takes is the new
-- measure. The rate is the decimal text the feed published, as in
-- currency_rates.

-- +goose Up
CREATE TABLE currency_rates_taken (
    currency   TEXT      NOT NULL,
    rates_date TIMESTAMP NOT NULL,
    per_eur    TEXT      NOT NULL,
    PRIMARY KEY (currency, rates_date, per_eur)
);

-- +goose Down
DROP TABLE currency_rates_taken;
