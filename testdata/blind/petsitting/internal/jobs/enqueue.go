package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/pawtrail-labs/pawtrail/internal/pg"
)

// TxInserter is the part of *river.Client[pgx.Tx] services depend on.
type TxInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Inserter adds non-transactional inserts.
type Inserter interface {
	TxInserter
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Enqueue inserts a job inside the unit-of-work transaction carried by ctx,
// so the job only becomes visible if the surrounding writes commit.
func Enqueue(ctx context.Context, ins TxInserter, args river.JobArgs, opts *river.InsertOpts) error {
	tx, ok := pg.TxFromContext(ctx)
	if !ok {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), pg.ErrNoTx)
	}
	if _, err := ins.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// ContextClient resolves the River client from a worker's context. Workers
// use it to enqueue follow-up jobs without a construction-time dependency on
// the client that runs them.
type ContextClient struct{}

func (ContextClient) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return river.ClientFromContext[pgx.Tx](ctx).InsertTx(ctx, tx, args, opts)
}

func (ContextClient) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return river.ClientFromContext[pgx.Tx](ctx).Insert(ctx, args, opts)
}
