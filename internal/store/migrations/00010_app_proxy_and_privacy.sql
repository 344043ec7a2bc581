-- What the app's life on a shop needs: reviews that remember the shop and the
-- logged-in customer that Shopify's app proxy vouches for, the app's
-- installation (so that an uninstalled app stops writing into the shop), and
-- the log of the shop's privacy requests.

-- +goose Up
-- shop_domain is the *.myshopify.com domain of a review posted through the
-- app proxy ('' otherwise); customer_id the logged-in customer who posted it
-- (NULL when logged out, or not through the proxy), whom customers/redact
-- erases by.
ALTER TABLE knitter_reviews ADD COLUMN shop_domain TEXT NOT NULL DEFAULT '';
ALTER TABLE knitter_reviews ADD COLUMN customer_id BIGINT;
CREATE INDEX knitter_reviews_by_customer ON knitter_reviews (customer_id) WHERE customer_id IS NOT NULL;

-- One row at most: the shop knitfront serves. uninstalled_at is set by
-- app/uninstalled and cleared when the app is installed again; while it is
-- set the scheduled sync, the inbox and the theme's price writes stop.
-- redacted_at is when shop/redact last erased the shop's data.
CREATE TABLE app_installation (
    id             INTEGER   PRIMARY KEY CHECK (id = 1),
    shop_domain    TEXT      NOT NULL,
    installed_at   TIMESTAMP,
    uninstalled_at TIMESTAMP,
    redacted_at    TIMESTAMP
);

-- Each privacy webhook received, once per event id: customer_id for the
-- customers/ topics, data_request_id for customers/data_request, erased the
-- rows its redaction erased.
CREATE TABLE privacy_requests (
    event_id        TEXT      PRIMARY KEY,
    topic           TEXT      NOT NULL,
    shop_domain     TEXT      NOT NULL,
    customer_id     BIGINT,
    data_request_id BIGINT,
    received_at     TIMESTAMP NOT NULL,
    erased          BIGINT    NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE privacy_requests;
DROP TABLE app_installation;
DROP INDEX knitter_reviews_by_customer;
ALTER TABLE knitter_reviews DROP COLUMN customer_id;
ALTER TABLE knitter_reviews DROP COLUMN shop_domain;
