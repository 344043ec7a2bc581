-- A fixed-amount discount that Shopify takes once off an order, shared by
-- the lines it discounts, rather than off each unit (its appliesOnEachItem
-- false). Rules stored before
-- were all taken off each unit, hence the default.

-- +goose Up
ALTER TABLE discount_rules ADD COLUMN once_per_order BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE discount_rules DROP COLUMN once_per_order;
