package jobs

import (
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

type Client = river.Client[pgx.Tx]

// NewInsertOnlyClient is used by processes that enqueue jobs but do not work
// them.
func NewInsertOnlyClient(pool *pgxpool.Pool, log *slog.Logger) (*Client, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// NewClient builds a client that works jobs on the payout and email queues.
func NewClient(pool *pgxpool.Pool, log *slog.Logger, payouts *PayoutBatchWorker, reimb *ReimbursementTransferWorker, slips *PayslipEmailWorker) (*Client, error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, payouts)
	river.AddWorker(workers, reimb)
	river.AddWorker(workers, slips)
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 5},
			QueuePayouts:       {MaxWorkers: 4},
			QueueEmail:         {MaxWorkers: 10},
		},
		Workers: workers,
	})
}
