package equipment

import (
	"context"

	"github.com/sunrail/installs/internal/platform/database"
)

// InventoryRepository keeps on-hand counts per warehouse and SKU.
type InventoryRepository struct {
	db database.DBTX
	tx database.TxManager
}

// NewInventoryRepository builds an InventoryRepository.
func NewInventoryRepository(db database.DBTX, tx database.TxManager) *InventoryRepository {
	return &InventoryRepository{db: db, tx: tx}
}

// Adjust changes the on-hand count by delta.
func (r *InventoryRepository) Adjust(ctx context.Context, warehouseID, sku string, delta int) error {
	return r.tx.WithinTx(ctx, func(ctx context.Context) error {
		_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
			INSERT INTO inventory (warehouse_id, sku, on_hand) VALUES ($1, $2, $3)
			ON CONFLICT (warehouse_id, sku) DO UPDATE SET on_hand = inventory.on_hand + EXCLUDED.on_hand`,
			warehouseID, sku, delta)
		return err
	})
}

// Reserve moves stock from on-hand to reserved for a crew pick.
func (r *InventoryRepository) Reserve(ctx context.Context, warehouseID, sku string, qty int) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE inventory SET on_hand = on_hand - $3, reserved = reserved + $3
		WHERE warehouse_id = $1 AND sku = $2 AND on_hand >= $3`, warehouseID, sku, qty)
	return err
}
