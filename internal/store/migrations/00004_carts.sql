-- Shoppers' carts for the dev storefront's AJAX cart and Storefront API.
-- Money is not stored: a cart is priced when it is read, in the market of
-- the request, from the catalogue of that moment.

-- +goose Up
-- attributes is a JSON object of strings; buyer_* are the Storefront API's
-- buyerIdentity, empty when not given.
CREATE TABLE carts (
    token         TEXT      PRIMARY KEY,
    note          TEXT      NOT NULL DEFAULT '',
    attributes    TEXT      NOT NULL DEFAULT '{}',
    buyer_country TEXT      NOT NULL DEFAULT '',
    buyer_email   TEXT      NOT NULL DEFAULT '',
    buyer_phone   TEXT      NOT NULL DEFAULT '',
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

-- Lines in the cart's order (position 0 first). variant_id has no foreign
-- key: a catalogue import may remove a variant, and its lines are then left
-- out when the cart is read, as Shopify drops what it can no longer sell.
-- properties is a JSON object of strings; selling_plan_id 0 means none.
CREATE TABLE cart_lines (
    cart_token      TEXT    NOT NULL REFERENCES carts (token) ON DELETE CASCADE,
    position        INTEGER NOT NULL,
    variant_id      BIGINT  NOT NULL,
    quantity        INTEGER NOT NULL,
    properties      TEXT    NOT NULL DEFAULT '{}',
    selling_plan_id BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (cart_token, position)
);

-- +goose Down
DROP TABLE cart_lines;
DROP TABLE carts;
