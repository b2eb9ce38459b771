// Package stock reserves stock for orders from asynq tasks, with bun.
// The storefront enqueues one task per reservation, whose task ID is the
// reservation's movement ID.
package stock

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
)

// An Item is a row of stock_items.
type Item struct {
	bun.BaseModel `bun:"table:stock_items"`

	SKU      string `bun:",pk"`
	Reserved int64
}

// A Movement is a row of stock_movements, one per reservation.
type Movement struct {
	bun.BaseModel `bun:"table:stock_movements"`

	ID    string `bun:",pk"`
	SKU   string
	Delta int64
}

// Handler holds the database.
type Handler struct {
	DB *bun.DB
}

// Register registers the handlers on an asynq mux.
func (h *Handler) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("stock:reserve", h.Reserve)
	mux.HandleFunc("stock:reserve:v2", h.ReserveOnce)
}

// Reserve raises the item's reservation, then records the movement, each
// committed alone: when the insert fails, or the task's acknowledgement
// is lost, the retry reserves the unit again.
func (h *Handler) Reserve(ctx context.Context, t *asynq.Task) error {
	sku := string(t.Payload())
	if _, err := h.DB.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved + ?", 1).Where("sku = ?", sku).Exec(ctx); err != nil { // finding: IDEM006 fix: tx.Commit()
		return err
	}
	m := Movement{ID: t.ResultWriter().TaskID(), SKU: sku, Delta: 1}
	if _, err := h.DB.NewInsert().Model(&m).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
		return err
	}
	return nil
}

// ReserveOnce claims the movement first, in the transaction that raises
// the reservation: a retry after the commit claims nothing and stops.
func (h *Handler) ReserveOnce(ctx context.Context, t *asynq.Task) error {
	sku := string(t.Payload())
	return h.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		m := Movement{ID: t.ResultWriter().TaskID(), SKU: sku, Delta: 1}
		res, err := tx.NewInsert().Model(&m).On("CONFLICT (id) DO NOTHING").Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // reserved by an earlier attempt
		}
		_, err = tx.NewUpdate().Model((*Item)(nil)).Set("reserved = reserved + ?", 1).Where("sku = ?", sku).Exec(ctx) // safe: commits with the claim
		return err
	})
}
