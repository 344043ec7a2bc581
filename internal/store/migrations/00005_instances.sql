-- What several instances on one database share: the versions that tell
-- SQLite processes of changes to cached data, and the review rate limit's
-- record of each client's recent posts. New tables only, so instances of
-- the previous version run on unharmed while the next one rolls out.

-- +goose Up
-- One row per topic of internal/invalidate ('catalog', 'rates'): a writing
-- transaction that changes the topic's data adds one to its version, and
-- every process on the database polls the versions. SQLite only: PostgreSQL
-- instances hear of changes by NOTIFY instead.
CREATE TABLE change_versions (
    topic   TEXT   PRIMARY KEY,
    version BIGINT NOT NULL
);

-- One row per client (the HMAC of its address, as knitter_reviews.client_hash):
-- the times of its recent review posts, a JSON array of Unix microseconds,
-- oldest first; last_post_at is the last of them, by which idle clients
-- are swept.
CREATE TABLE review_rate_clients (
    client_hash  TEXT      PRIMARY KEY,
    posts        TEXT      NOT NULL,
    last_post_at TIMESTAMP NOT NULL
);
CREATE INDEX review_rate_clients_by_last_post ON review_rate_clients (last_post_at);

-- +goose Down
DROP TABLE review_rate_clients;
DROP TABLE change_versions;
