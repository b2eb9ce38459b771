package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/acme/escrow/internal/platform/txn"
)

// NewInsertClient returns an insert-only River client (no queues, no
// workers) for use by the services.
func NewInsertClient(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

// Enqueuer schedules jobs. When the context carries a transaction (see
// txn.WithTx) jobs are inserted in that transaction.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer returns an Enqueuer.
func NewEnqueuer(client *river.Client[pgx.Tx]) *Enqueuer {
	return &Enqueuer{client: client}
}

func insert[A river.JobArgs](ctx context.Context, c *river.Client[pgx.Tx], args A, opts *river.InsertOpts) error {
	var err error
	if tx, ok := txn.From(ctx); ok {
		_, err = c.InsertTx(ctx, tx, args, opts)
	} else {
		_, err = c.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// EnqueueRelease schedules the release of an escrow's funds at the given time
// (immediately when at is zero).
func (e *Enqueuer) EnqueueRelease(ctx context.Context, escrowID string, at time.Time) error {
	var opts *river.InsertOpts
	if !at.IsZero() {
		o := ReleaseFundsArgs{}.InsertOpts()
		o.ScheduledAt = at
		opts = &o
	}
	return insert(ctx, e.client, ReleaseFundsArgs{EscrowID: escrowID}, opts)
}

// EnqueueSellerPayouts schedules one payout job per payout item.
func (e *Enqueuer) EnqueueSellerPayouts(ctx context.Context, itemIDs []int64) error {
	if len(itemIDs) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, 0, len(itemIDs))
	for _, id := range itemIDs {
		params = append(params, river.InsertManyParams{Args: SellerPayoutArgs{PayoutItemID: id}})
	}
	var err error
	if tx, ok := txn.From(ctx); ok {
		_, err = e.client.InsertManyTx(ctx, tx, params)
	} else {
		_, err = e.client.InsertMany(ctx, params)
	}
	if err != nil {
		return fmt.Errorf("enqueue seller payouts: %w", err)
	}
	return nil
}
