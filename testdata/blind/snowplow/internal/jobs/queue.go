package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/driftline-services/snowplow/internal/tx"
)

// Queue inserts River jobs. When the context carries a transaction the job is
// inserted on it and becomes visible only if the transaction commits.
type Queue struct {
	client *river.Client[pgx.Tx]
}

// NewQueue wraps a River client.
func NewQueue(client *river.Client[pgx.Tx]) *Queue {
	return &Queue{client: client}
}

// Enqueue inserts args with opts.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if t, ok := tx.From(ctx); ok {
		_, err := q.client.InsertTx(ctx, t, args, opts)
		return err
	}
	_, err := q.client.Insert(ctx, args, opts)
	return err
}
