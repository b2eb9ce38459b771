package pgrepo

import (
	"context"
	"fmt"
	"time"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Inspections struct{}

func NewInspections() *Inspections { return &Inspections{} }

func (Inspections) InsertReceipt(ctx context.Context, q repo.Q, returnID, eventID, warehouseID string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO inspection_receipts (return_id, event_id, warehouse_id, received_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (return_id) DO NOTHING`, returnID, eventID, warehouseID, at)
	if err != nil {
		return false, fmt.Errorf("insert receipt: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Inspections) InsertGrade(ctx context.Context, q repo.Q, g domain.ItemGrade) error {
	_, err := q.Exec(ctx, `
		INSERT INTO item_grades (id, return_id, order_line_id, grade, refundable_cents, inspector, inspected_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		g.ID, g.ReturnID, g.OrderLineID, g.Grade, g.RefundableCents, g.Inspector, g.InspectedAt)
	if err != nil {
		return fmt.Errorf("insert grade: %w", err)
	}
	return nil
}

func (Inspections) InsertDiscrepancy(ctx context.Context, q repo.Q, d domain.Discrepancy) error {
	_, err := q.Exec(ctx, `
		INSERT INTO inspection_discrepancies (id, return_id, order_line_id, kind, expected_qty, received_qty, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		d.ID, d.ReturnID, d.OrderLineID, d.Kind, d.ExpectedQty, d.ReceivedQty, d.Note)
	if err != nil {
		return fmt.Errorf("insert discrepancy: %w", err)
	}
	return nil
}

type Inventory struct{}

func NewInventory() *Inventory { return &Inventory{} }

// RecordRestock writes the ledger row for a restocked item. It reports false
// when the item was already restocked.
func (Inventory) RecordRestock(ctx context.Context, q repo.Q, e domain.RestockEntry) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO restock_ledger (return_item_id, sku, warehouse_id, quantity, event_id)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (return_item_id) DO NOTHING`, e.ReturnItemID, e.SKU, e.WarehouseID, e.Quantity, e.EventID)
	if err != nil {
		return false, fmt.Errorf("record restock: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Inventory) Adjust(ctx context.Context, q repo.Q, sku, warehouseID string, delta int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO inventory_levels (sku, warehouse_id, on_hand)
		VALUES ($1, $2, $3)
		ON CONFLICT (sku, warehouse_id) DO UPDATE
		SET on_hand = inventory_levels.on_hand + EXCLUDED.on_hand, updated_at = now()`, sku, warehouseID, delta)
	if err != nil {
		return fmt.Errorf("adjust inventory: %w", err)
	}
	return nil
}
