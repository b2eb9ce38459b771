package queue

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/gigbridge/escrow/internal/store"
)

// Client is an insert-only River client. It never works jobs, so it can be
// built before the workers (which depend on the services that use it).
type Client struct {
	river *river.Client[pgx.Tx]
}

// NewClient builds the insert-only client on pool.
func NewClient(pool *pgxpool.Pool) (*Client, error) {
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("queue: new insert client: %w", err)
	}
	return &Client{river: rc}, nil
}

// EnqueueTx inserts a job inside the caller's transaction, so the job exists
// exactly when the transaction's other writes do.
func (c *Client) EnqueueTx(ctx context.Context, q store.Querier, args river.JobArgs, opts *river.InsertOpts) error {
	tx, err := store.Tx(q)
	if err != nil {
		return err
	}
	if _, err := c.river.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	return nil
}

// Enqueue inserts a job in its own transaction.
func (c *Client) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := c.river.Insert(ctx, args, opts); err != nil {
		return fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	return nil
}
