-- Visitors' reviews of the knitters, and the secrets the server keeps in the
-- database so that every instance and every restart shares them.

-- +goose Up
-- status: published (listed), pending (held for the shop owner's approval) or
-- hidden (taken down by the shop owner). client_hash is HMAC-SHA256 of the
-- poster's address under the secret review_client_salt: it links one
-- client's posts without keeping the address.
CREATE TABLE knitter_reviews (
    id          BIGINT    PRIMARY KEY,
    knitter_id  BIGINT    NOT NULL REFERENCES knitters (id),
    body        TEXT      NOT NULL,
    created_by  TEXT      NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    status      TEXT      NOT NULL CHECK (status IN ('published', 'pending', 'hidden')),
    client_hash TEXT      NOT NULL
);
CREATE INDEX knitter_reviews_newest ON knitter_reviews (knitter_id, status, created_at, id);
CREATE INDEX knitter_reviews_newest_all ON knitter_reviews (created_at, id);

-- One row per knitter and text (a hash of name and body): the review that
-- last claimed it and when. A post whose text was claimed within the
-- duplicate window is the same review again; the claim is one upsert, so
-- concurrent posts agree on one row on both engines.
CREATE TABLE knitter_review_fingerprints (
    knitter_id  BIGINT    NOT NULL,
    fingerprint TEXT      NOT NULL,
    review_id   BIGINT    NOT NULL REFERENCES knitter_reviews (id) ON DELETE CASCADE,
    claimed_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (knitter_id, fingerprint)
);
CREATE INDEX knitter_review_fingerprints_by_review ON knitter_review_fingerprints (review_id);

CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- +goose Down
DROP TABLE secrets;
DROP TABLE knitter_review_fingerprints;
DROP TABLE knitter_reviews;
