package jobs

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/stagepass/ticketing/internal/db"
)

// Inserter is the subset of *river.Client[pgx.Tx] services use. An
// insert-only river client satisfies it in the API process.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ErrNoTx is returned when EnqueueTx is called with a Querier that is not
// bound to a transaction.
var ErrNoTx = errors.New("jobs: querier is not transactional")

// EnqueueTx inserts a job in the same transaction as q, so the job exists iff
// the surrounding unit of work commits.
func EnqueueTx(ctx context.Context, ins Inserter, q db.Querier, args river.JobArgs, opts *river.InsertOpts) error {
	tx, ok := db.TxFrom(q)
	if !ok {
		return ErrNoTx
	}
	_, err := ins.InsertTx(ctx, tx, args, opts)
	return err
}
