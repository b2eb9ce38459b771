package jobs

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/uptrace/bun"
)

// Enqueuer inserts River jobs. The Tx variants insert through the caller's
// bun transaction so the job only exists if the transaction commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	EnqueueTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) error
	EnqueueManyTx(ctx context.Context, tx bun.Tx, params []river.InsertManyParams) error
}

// RiverEnqueuer is an insert-only River client over the same database/sql
// pool bun uses, so inserts can share bun's transactions.
type RiverEnqueuer struct {
	client *river.Client[*sql.Tx]
}

// NewRiverEnqueuer builds an insert-only client.
func NewRiverEnqueuer(db *bun.DB) (*RiverEnqueuer, error) {
	client, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("river insert client: %w", err)
	}
	return &RiverEnqueuer{client: client}, nil
}

func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := e.client.Insert(ctx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

func (e *RiverEnqueuer) EnqueueTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := e.client.InsertTx(ctx, tx.Tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

func (e *RiverEnqueuer) EnqueueManyTx(ctx context.Context, tx bun.Tx, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	if _, err := e.client.InsertManyTx(ctx, tx.Tx, params); err != nil {
		return fmt.Errorf("enqueue batch of %d: %w", len(params), err)
	}
	return nil
}
