-- The inbox of the shop's webhooks: each verified event is kept here before
-- Shopify is told 200, once per event id however often Shopify sends it,
-- until a worker has applied it (applied_at set).

-- +goose Up
CREATE TABLE shopify_webhook_events (
    event_id     TEXT      PRIMARY KEY,
    topic        TEXT      NOT NULL,
    shop_domain  TEXT      NOT NULL,
    triggered_at TIMESTAMP,
    received_at  TIMESTAMP NOT NULL,
    body         TEXT      NOT NULL,
    applied_at   TIMESTAMP
);
CREATE INDEX shopify_webhook_events_pending ON shopify_webhook_events (received_at) WHERE applied_at IS NULL;

-- +goose Down
DROP TABLE shopify_webhook_events;
