// Package riverq adapts River to the ports.JobEnqueuer interface.
package riverq

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/adapters/pg"
	"github.com/northvault/custody/internal/ports"
)

type Queue struct {
	client *river.Client[pgx.Tx]
}

func NewQueue(client *river.Client[pgx.Tx]) *Queue { return &Queue{client: client} }

func (q *Queue) Enqueue(ctx context.Context, job ports.Job, opts ...ports.EnqueueOption) error {
	if _, err := q.client.Insert(ctx, job, insertOpts(opts)); err != nil {
		return fmt.Errorf("enqueue %s: %w", job.Kind(), err)
	}
	return nil
}

func (q *Queue) WithTx(tx pgx.Tx) ports.JobEnqueuer { return txQueue{client: q.client, tx: tx} }

type txQueue struct {
	client *river.Client[pgx.Tx]
	tx     pgx.Tx
}

func (q txQueue) Enqueue(ctx context.Context, job ports.Job, opts ...ports.EnqueueOption) error {
	if _, err := q.client.InsertTx(ctx, q.tx, job, insertOpts(opts)); err != nil {
		return fmt.Errorf("enqueue %s: %w", job.Kind(), err)
	}
	return nil
}

func insertOpts(opts []ports.EnqueueOption) *river.InsertOpts {
	var o ports.EnqueueOptions
	for _, fn := range opts {
		fn(&o)
	}
	ro := &river.InsertOpts{
		Queue:       o.Queue,
		ScheduledAt: o.ScheduledAt,
		MaxAttempts: o.MaxAttempts,
	}
	if o.UniqueByArgs {
		ro.UniqueOpts = river.UniqueOpts{ByArgs: true}
	}
	return ro
}

// NewInsertOnlyClient builds a River client that can insert jobs but does
// not work them; used by the API and consumer binaries.
func NewInsertOnlyClient(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

// InsertOnlyModule wires an insert-only client into the unit of work.
var InsertOnlyModule = fx.Module("riverq",
	fx.Provide(
		NewInsertOnlyClient,
		NewQueue,
		func(q *Queue) pg.JobQueue { return q },
	),
)
