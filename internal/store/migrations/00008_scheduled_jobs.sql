-- Jobs that run on a schedule, once across every instance: the scheduled
-- full sync from Shopify. An instance that finds a job due takes its lease
-- (lease_owner until lease_until) and runs it; the others see the lease and
-- wait. A run that finishes records last_run_at; one whose instance died
-- is taken again once the lease has run out.

-- +goose Up
CREATE TABLE scheduled_jobs (
    name        TEXT      PRIMARY KEY,
    last_run_at TIMESTAMP NOT NULL,
    lease_owner TEXT,
    lease_until TIMESTAMP
);

-- +goose Down
DROP TABLE scheduled_jobs;
