package queue

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/soundledger/royalties/internal/platform/txm"
)

// Result describes an inserted (or deduplicated) job.
type Result struct {
	JobID         int64
	UniqueSkipped bool
}

// Enqueuer schedules River jobs. When ctx carries a transaction opened by
// txm.Manager the job is inserted in that transaction, so it becomes
// visible only if the surrounding work commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (Result, error)
	EnqueueMany(ctx context.Context, params []river.InsertManyParams) (int, error)
}

// RiverEnqueuer implements Enqueuer with an insert-only River client.
type RiverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewRiverEnqueuer returns a RiverEnqueuer.
func NewRiverEnqueuer(client *river.Client[pgx.Tx]) *RiverEnqueuer {
	return &RiverEnqueuer{client: client}
}

// Enqueue implements Enqueuer.
func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (Result, error) {
	var (
		res *rivertype.JobInsertResult
		err error
	)
	if tx, ok := txm.TxFrom(ctx); ok {
		res, err = e.client.InsertTx(ctx, tx, args, opts)
	} else {
		res, err = e.client.Insert(ctx, args, opts)
	}
	if err != nil {
		return Result{}, err
	}
	return Result{JobID: res.Job.ID, UniqueSkipped: res.UniqueSkippedAsDuplicate}, nil
}

// EnqueueMany implements Enqueuer.
func (e *RiverEnqueuer) EnqueueMany(ctx context.Context, params []river.InsertManyParams) (int, error) {
	if len(params) == 0 {
		return 0, nil
	}
	var (
		res []*rivertype.JobInsertResult
		err error
	)
	if tx, ok := txm.TxFrom(ctx); ok {
		res, err = e.client.InsertManyTx(ctx, tx, params)
	} else {
		res, err = e.client.InsertMany(ctx, params)
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range res {
		if !r.UniqueSkippedAsDuplicate {
			n++
		}
	}
	return n, nil
}
