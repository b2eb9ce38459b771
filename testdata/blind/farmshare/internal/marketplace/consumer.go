package marketplace

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
)

// FulfilmentConsumer assigns paid add-on orders to the member's box.
type FulfilmentConsumer struct {
	db    *sqlx.DB
	tx    TxRunner
	store *Store
	log   *slog.Logger
	now   func() time.Time
}

// NewFulfilmentConsumer builds the consumer.
func NewFulfilmentConsumer(db *sqlx.DB, tx TxRunner, store *Store, log *slog.Logger, now func() time.Time) *FulfilmentConsumer {
	return &FulfilmentConsumer{db: db, tx: tx, store: store, log: log, now: now}
}

// Handle processes one AddonOrderPaid event.
func (c *FulfilmentConsumer) Handle(ctx context.Context, evt events.AddonOrderPaid) error {
	boxID, err := c.store.BoxFor(ctx, c.db, evt.MemberID, evt.WeekStart)
	if errors.Is(err, database.ErrNotFound) {
		c.log.Warn("no box for add-on order; leaving for manual packing", "order", evt.OrderID)
		return nil
	}
	if err != nil {
		return err
	}
	return c.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := c.store.InsertFulfilment(ctx, tx, &Fulfilment{
			OrderID:   evt.OrderID,
			BoxID:     boxID,
			WeekStart: evt.WeekStart,
			CreatedAt: c.now(),
		}); err != nil {
			return err
		}
		return c.store.MarkFulfilled(ctx, tx, evt.OrderID)
	})
}
