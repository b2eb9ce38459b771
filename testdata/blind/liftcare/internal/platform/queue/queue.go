// Package queue wraps the River client used for enqueueing so services do
// not depend on River's generic client type directly.
package queue

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
)

// Enqueuer inserts background jobs. When the context carries a transaction
// the job is inserted in it, so it only becomes visible on commit.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// RiverEnqueuer is the River-backed Enqueuer.
type RiverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewRiverEnqueuer wraps an (insert-only or full) River client.
func NewRiverEnqueuer(client *river.Client[pgx.Tx]) *RiverEnqueuer {
	return &RiverEnqueuer{client: client}
}

// Enqueue implements Enqueuer.
func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	var err error
	if tx, ok := pgtx.TxFrom(ctx); ok {
		_, err = e.client.InsertTx(ctx, tx, args, opts)
	} else {
		_, err = e.client.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	return nil
}
