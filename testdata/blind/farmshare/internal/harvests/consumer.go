package harvests

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/rs/xid"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
)

// LotWriter persists inventory lots.
type LotWriter interface {
	Insert(ctx context.Context, q database.Queryer, v *Lot) error
}

// InventoryConsumer turns accepted harvests into packing inventory.
type InventoryConsumer struct {
	db   *sqlx.DB
	lots LotWriter
	log  *slog.Logger
	now  func() time.Time
}

// NewInventoryConsumer builds the consumer.
func NewInventoryConsumer(db *sqlx.DB, lots LotWriter, log *slog.Logger, now func() time.Time) *InventoryConsumer {
	return &InventoryConsumer{db: db, lots: lots, log: log, now: now}
}

// Handle processes one HarvestSubmitted event.
func (c *InventoryConsumer) Handle(ctx context.Context, evt events.HarvestSubmitted) error {
	lot := &Lot{
		ID:          xid.New().String(),
		HarvestID:   evt.HarvestID,
		CropCode:    evt.CropCode,
		WeekStart:   evt.WeekStart,
		QuantityKg:  evt.QuantityKg,
		RemainingKg: evt.QuantityKg,
		CreatedAt:   c.now(),
	}
	if err := c.lots.Insert(ctx, c.db, lot); err != nil {
		return err
	}
	c.log.Info("inventory lot created", "lot", lot.ID, "harvest", evt.HarvestID, "crop", evt.CropCode, "kg", evt.QuantityKg)
	return nil
}
