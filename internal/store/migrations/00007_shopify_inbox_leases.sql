-- Leases on the webhook inbox, so that with several instances each event is
-- applied by one of them: a worker that takes an event writes its own name
-- and how long it holds it; an event whose worker died mid-apply is taken
-- again once the lease has run out.

-- +goose Up
ALTER TABLE shopify_webhook_events ADD COLUMN lease_owner TEXT;
ALTER TABLE shopify_webhook_events ADD COLUMN lease_until TIMESTAMP;

-- +goose Down
ALTER TABLE shopify_webhook_events DROP COLUMN lease_until;
ALTER TABLE shopify_webhook_events DROP COLUMN lease_owner;
