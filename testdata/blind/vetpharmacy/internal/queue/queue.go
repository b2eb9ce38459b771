// Package queue is the one place the application inserts river jobs.
package queue

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/kestrelvet/refillrx/internal/store"
)

// Enqueuer is what services depend on.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

type Client struct {
	river *river.Client[pgx.Tx]
}

func New(rc *river.Client[pgx.Tx]) *Client {
	return &Client{river: rc}
}

// Enqueue inserts the job in the caller's transaction when the context carries
// one, so the job only becomes visible if the surrounding work commits.
func (c *Client) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	if tx, ok := store.TxFrom(ctx); ok {
		return c.river.InsertTx(ctx, tx, args, opts)
	}
	return c.river.Insert(ctx, args, opts)
}
