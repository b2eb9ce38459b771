package roasting

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/models"
)

// Receiver moves finished batches into sellable stock.
type Receiver struct {
	db       *gorm.DB
	receipts *db.Repo[models.RoastReceipt]
	log      *slog.Logger
}

// NewReceiver returns a Receiver.
func NewReceiver(gdb *gorm.DB, log *slog.Logger) *Receiver {
	return &Receiver{db: gdb, receipts: db.NewRepo[models.RoastReceipt](gdb), log: log.With("component", "receiving")}
}

// HandleBatchCompleted is the JetStream handler for roast.batch.completed.
func (r *Receiver) HandleBatchCompleted(ctx context.Context, env events.Envelope) error {
	var ev events.BatchCompleted
	if err := env.Decode(&ev); err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	if ev.Bags == 0 {
		return nil
	}
	now := time.Now().UTC()

	receipt := models.RoastReceipt{BatchID: ev.BatchID, SKU: ev.SKU, Bags: ev.Bags, ReceivedAt: now}
	if err := r.receipts.Create(ctx, &receipt); err != nil {
		return fmt.Errorf("receiving: record receipt for %s: %w", ev.BatchID, err)
	}

	res := r.db.WithContext(ctx).Model(&models.RoastedInventory{}).Where("sku = ?", ev.SKU).
		Updates(map[string]any{
			"bags_on_hand": gorm.Expr("bags_on_hand + ?", ev.Bags),
			"updated_at":   now,
		})
	if res.Error != nil {
		return fmt.Errorf("receiving: add stock for %s: %w", ev.BatchID, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: sku %s", ErrUnknownSKU, ev.SKU)
	}
	r.log.Info("batch received into stock", "batch_id", ev.BatchID, "sku", ev.SKU, "bags", ev.Bags)
	return nil
}
