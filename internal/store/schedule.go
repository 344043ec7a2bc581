package store

import (
	"context"
	"database/sql"
	"time"
)

// ClaimScheduledRun gives owner the job's lease until leaseUntil when the
// job's last run finished at or before lastRunBy and no live lease holds it;
// it reports whether owner got it. A job met for the first time counts as
// run at now. The update checks its condition on the row it changes, so of
// several instances claiming at once one gets the lease.
func (db *DB) ClaimScheduledRun(ctx context.Context, job, owner string, now, lastRunBy, leaseUntil time.Time) (bool, error) {
	claimed := false
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO scheduled_jobs (name, last_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
			job, now.UTC()); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `
			UPDATE scheduled_jobs SET lease_owner = $1, lease_until = $2
			WHERE name = $3 AND last_run_at <= $4 AND (lease_until IS NULL OR lease_until <= $5)`,
			owner, leaseUntil.UTC(), job, lastRunBy.UTC(), now.UTC())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	return claimed, err
}

// FinishScheduledRun records that owner's run of the job finished at
// finishedAt, and frees the lease.
func (db *DB) FinishScheduledRun(ctx context.Context, job, owner string, finishedAt time.Time) error {
	_, err := db.sql.ExecContext(ctx, `
		UPDATE scheduled_jobs SET last_run_at = $1, lease_owner = NULL, lease_until = NULL
		WHERE name = $2 AND lease_owner = $3`, finishedAt.UTC(), job, owner)
	return err
}

// PostponeScheduledRun keeps owner's failed run's lease until retryAt, so
// that no instance tries the job again before then.
func (db *DB) PostponeScheduledRun(ctx context.Context, job, owner string, retryAt time.Time) error {
	_, err := db.sql.ExecContext(ctx, `
		UPDATE scheduled_jobs SET lease_until = $1 WHERE name = $2 AND lease_owner = $3`, retryAt.UTC(), job, owner)
	return err
}
