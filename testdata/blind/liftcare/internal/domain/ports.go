package domain

import (
	"context"

	"github.com/riverqueue/river"
)

// TxRunner opens a unit of work carried in the context; repositories
// called with that context join it.
type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Enqueuer inserts background jobs, inside the context's unit of work
// when there is one.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}
