// Package queue puts river jobs on the queue for services. It inserts on
// the transaction carried in the context when there is one, so a job
// commits together with the rows that caused it.
package queue

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

// Queue inserts jobs.
type Queue struct {
	client *river.Client[pgx.Tx]
}

// New wraps an (insert-only or working) river client.
func New(client *river.Client[pgx.Tx]) *Queue {
	return &Queue{client: client}
}

// Enqueue inserts a job. It reports false when river skipped the insert as
// a duplicate of a unique job.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	if tx, ok := pgstore.TxFrom(ctx); ok {
		res, err := q.client.InsertTx(ctx, tx, args, opts)
		if err != nil {
			return false, err
		}
		return !res.UniqueSkippedAsDuplicate, nil
	}
	res, err := q.client.Insert(ctx, args, opts)
	if err != nil {
		return false, err
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// EnqueueMany inserts a batch of jobs on the context's transaction (or the
// pool).
func (q *Queue) EnqueueMany(ctx context.Context, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	if tx, ok := pgstore.TxFrom(ctx); ok {
		_, err := q.client.InsertManyTx(ctx, tx, params)
		return err
	}
	_, err := q.client.InsertMany(ctx, params)
	return err
}
