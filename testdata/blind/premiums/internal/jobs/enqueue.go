package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/db"
)

// Enqueuer inserts river jobs. EnqueueTx must be used whenever the job is a
// consequence of rows written in the same transaction.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	EnqueueTx(ctx context.Context, q *db.Queries, args river.JobArgs, opts *river.InsertOpts) error
	EnqueueMany(ctx context.Context, params []river.InsertManyParams) (int, error)
}

// RiverEnqueuer is the production Enqueuer backed by an insert-only (or full)
// river client using the database/sql driver.
type RiverEnqueuer struct {
	Client *river.Client[*sql.Tx]
}

var errNoTx = errors.New("jobs: EnqueueTx called with non-transactional Queries")

func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := e.Client.Insert(ctx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

func (e *RiverEnqueuer) EnqueueTx(ctx context.Context, q *db.Queries, args river.JobArgs, opts *river.InsertOpts) error {
	tx, ok := q.Tx()
	if !ok {
		return errNoTx
	}
	if _, err := e.Client.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

func (e *RiverEnqueuer) EnqueueMany(ctx context.Context, params []river.InsertManyParams) (int, error) {
	if len(params) == 0 {
		return 0, nil
	}
	res, err := e.Client.InsertMany(ctx, params)
	if err != nil {
		return 0, fmt.Errorf("enqueue many: %w", err)
	}
	inserted := 0
	for _, r := range res {
		if !r.UniqueSkippedAsDuplicate {
			inserted++
		}
	}
	return inserted, nil
}
