package accounts

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// InterestArgs is the nightly interest job of one account.
type InterestArgs struct {
	AccountID int64  `json:"account_id"`
	RateBPS   int64  `json:"rate_bps"`
	Day       string `json:"day"` // YYYY-MM-DD
}

// Kind implements river.JobArgs.
func (InterestArgs) Kind() string { return "accrue_interest" }

// InterestWorker posts a day's interest and credits it, with two
// statements on the pool. river retries a job that returns an error: a
// failure after the posting commits posts (and later credits) twice.
type InterestWorker struct {
	river.WorkerDefaults[InterestArgs]
	Pool *pgxpool.Pool
}

// Work implements river.Worker.
func (w *InterestWorker) Work(ctx context.Context, job *river.Job[InterestArgs]) error {
	balance, err := Balance(ctx, w.Pool, job.Args.AccountID)
	if err != nil {
		return err
	}
	interest := balance * job.Args.RateBPS / 10000 / 365
	_, err = w.Pool.Exec(ctx, // finding: IDEM005 IDEM006
		"INSERT INTO interest_postings (job_id, account_id, day, amount_cents) VALUES ($1, $2, $3, $4)",
		job.ID, job.Args.AccountID, job.Args.Day, interest)
	if err != nil {
		return fmt.Errorf("post interest: %w", err)
	}
	_, err = w.Pool.Exec(ctx, creditSQL, interest, job.Args.AccountID)
	return err
}

// InterestOnceWorker posts with a conflict-tolerant insert on the
// (account_id, day) key and credits only when the posting is new, both
// in one transaction: a retry finds the posting and does nothing.
type InterestOnceWorker struct {
	river.WorkerDefaults[InterestArgs]
	Pool *pgxpool.Pool
}

// Work implements river.Worker.
func (w *InterestOnceWorker) Work(ctx context.Context, job *river.Job[InterestArgs]) error {
	balance, err := Balance(ctx, w.Pool, job.Args.AccountID)
	if err != nil {
		return err
	}
	interest := balance * job.Args.RateBPS / 10000 / 365
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, // safe: ON CONFLICT on the (account_id, day) key, in the credit's transaction
		`INSERT INTO interest_postings (job_id, account_id, day, amount_cents) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (account_id, day) DO NOTHING`,
		job.ID, job.Args.AccountID, job.Args.Day, interest)
	if err != nil {
		return fmt.Errorf("post interest: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return nil // posted by an earlier attempt
	}
	if _, err := tx.Exec(ctx, creditSQL, interest, job.Args.AccountID); err != nil { // safe: on the guard's first-time branch, same transaction
		return err
	}
	return tx.Commit(ctx)
}
