-- The catalogue and its automatic discounts. One set of migrations serves
-- SQLite and PostgreSQL: portable types only, ids given by the application.

-- +goose Up
CREATE TABLE knitters (
    id          BIGINT  PRIMARY KEY,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    photo       TEXT    NOT NULL DEFAULT '',
    avatar      TEXT    NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE collections (
    id          BIGINT  PRIMARY KEY,
    handle      TEXT    NOT NULL UNIQUE,
    title       TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    position    INTEGER NOT NULL
);

-- images, tags and options are JSON arrays of strings.
CREATE TABLE products (
    id           BIGINT  PRIMARY KEY,
    handle       TEXT    NOT NULL UNIQUE,
    title        TEXT    NOT NULL,
    description  TEXT    NOT NULL DEFAULT '',
    product_type TEXT    NOT NULL DEFAULT '',
    vendor       TEXT    NOT NULL DEFAULT '',
    knitter_id   BIGINT  REFERENCES knitters (id),
    images       TEXT    NOT NULL,
    tags         TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    position     INTEGER NOT NULL
);

CREATE TABLE product_collections (
    product_id    BIGINT  NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    collection_id BIGINT  NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, collection_id)
);
CREATE INDEX product_collections_by_collection ON product_collections (collection_id);

-- options is a JSON array of the variant's option values.
CREATE TABLE variants (
    id               BIGINT  PRIMARY KEY,
    product_id       BIGINT  NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    title            TEXT    NOT NULL,
    sku              TEXT    NOT NULL DEFAULT '',
    options          TEXT    NOT NULL,
    image            TEXT    NOT NULL DEFAULT '',
    inventory        INTEGER NOT NULL,
    preorder         BOOLEAN NOT NULL DEFAULT FALSE,
    preorder_content TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX variants_by_product ON variants (product_id);

-- Money is in minor units of the market's currency; compare_at 0 means none.
CREATE TABLE variant_prices (
    variant_id BIGINT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    market     TEXT   NOT NULL,
    amount     BIGINT NOT NULL,
    compare_at BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (variant_id, market)
);

-- charge_percent is in basis points; fixed charges are per currency below.
CREATE TABLE selling_plans (
    id             BIGINT  PRIMARY KEY,
    product_id     BIGINT  NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    description    TEXT    NOT NULL DEFAULT '',
    charge_type    TEXT    NOT NULL,
    charge_percent BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX selling_plans_by_product ON selling_plans (product_id);

CREATE TABLE selling_plan_charges (
    selling_plan_id BIGINT NOT NULL REFERENCES selling_plans (id) ON DELETE CASCADE,
    currency        TEXT   NOT NULL,
    amount          BIGINT NOT NULL,
    PRIMARY KEY (selling_plan_id, currency)
);

-- percent is in basis points; ends_at NULL means the rule never ends.
CREATE TABLE discount_rules (
    id         BIGINT    PRIMARY KEY,
    title      TEXT      NOT NULL,
    value_type TEXT      NOT NULL,
    percent    BIGINT    NOT NULL DEFAULT 0,
    scope      TEXT      NOT NULL,
    starts_at  TIMESTAMP NOT NULL,
    ends_at    TIMESTAMP
);

CREATE TABLE discount_rule_amounts (
    rule_id  BIGINT NOT NULL REFERENCES discount_rules (id) ON DELETE CASCADE,
    currency TEXT   NOT NULL,
    amount   BIGINT NOT NULL,
    PRIMARY KEY (rule_id, currency)
);

CREATE TABLE discount_rule_targets (
    rule_id   BIGINT NOT NULL REFERENCES discount_rules (id) ON DELETE CASCADE,
    target_id BIGINT NOT NULL,
    PRIMARY KEY (rule_id, target_id)
);

CREATE TABLE discount_rule_markets (
    rule_id BIGINT NOT NULL REFERENCES discount_rules (id) ON DELETE CASCADE,
    market  TEXT   NOT NULL,
    PRIMARY KEY (rule_id, market)
);

-- +goose Down
DROP TABLE discount_rule_markets;
DROP TABLE discount_rule_targets;
DROP TABLE discount_rule_amounts;
DROP TABLE discount_rules;
DROP TABLE selling_plan_charges;
DROP TABLE selling_plans;
DROP TABLE variant_prices;
DROP TABLE variants;
DROP TABLE product_collections;
DROP TABLE products;
DROP TABLE collections;
DROP TABLE knitters;
