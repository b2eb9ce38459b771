package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/queries"
)

// InventoryRepo reads and moves stock.
type InventoryRepo struct {
	db    *sqlx.DB
	ids   idgen.Generator
	clock clock.Clock
}

type movement struct {
	ID         string    `db:"id"`
	MerchantID string    `db:"merchant_id"`
	SKU        string    `db:"sku"`
	Delta      int       `db:"delta"`
	Reason     string    `db:"reason"`
	Reference  string    `db:"reference"`
	CreatedAt  time.Time `db:"created_at"`
}

// Level returns one SKU's stock position.
func (r *InventoryRepo) Level(ctx context.Context, q db.Queryer, merchantID, sku string) (domain.InventoryLevel, error) {
	lvl, err := db.Get[domain.InventoryLevel](ctx, q, queries.GetInventoryLevel, merchantID, sku)
	if err == db.ErrNotFound {
		return lvl, domain.ErrNotFound
	}
	return lvl, err
}

// Levels lists a merchant's stock positions.
func (r *InventoryRepo) Levels(ctx context.Context, merchantID string) ([]domain.InventoryLevel, error) {
	return db.Select[domain.InventoryLevel](ctx, r.db, queries.ListInventoryLevels, merchantID)
}

// Move changes on-hand stock by delta and journals the movement.
func (r *InventoryRepo) Move(ctx context.Context, q db.Queryer, merchantID, sku string, delta int, reason, ref string) error {
	if _, err := db.Exec(ctx, q, queries.AddOnHand, merchantID, sku, delta); err != nil {
		return fmt.Errorf("inventory: move %s/%s: %w", merchantID, sku, err)
	}
	return r.journal(ctx, q, merchantID, sku, delta, reason, ref)
}

// Reserve holds qty for an order; false means not enough available stock.
func (r *InventoryRepo) Reserve(ctx context.Context, q db.Queryer, merchantID, sku string, qty int) (bool, error) {
	n, err := db.Exec(ctx, q, queries.AddReserved, merchantID, sku, qty)
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Release gives back a reservation.
func (r *InventoryRepo) Release(ctx context.Context, q db.Queryer, merchantID, sku string, qty int) error {
	_, err := db.Exec(ctx, q, queries.ReleaseReserved, merchantID, sku, qty)
	return err
}

// Ship removes reserved stock from on-hand when it leaves the building.
func (r *InventoryRepo) Ship(ctx context.Context, q db.Queryer, merchantID, sku string, qty int, ref string) error {
	if _, err := db.Exec(ctx, q, queries.ShipReserved, merchantID, sku, qty); err != nil {
		return err
	}
	return r.journal(ctx, q, merchantID, sku, -qty, "shipped", ref)
}

// InsertAdjustment records a manual adjustment row.
func (r *InventoryRepo) InsertAdjustment(ctx context.Context, q db.Queryer, a domain.StockAdjustment) error {
	_, err := db.Exec(ctx, q, queries.InsertStockAdjustment,
		a.ID, a.MerchantID, a.SKU, a.Delta, a.Reason, a.Note, a.CreatedBy, a.CreatedAt)
	return err
}

// StoredVolume returns the cubic metres a merchant currently occupies.
func (r *InventoryRepo) StoredVolume(ctx context.Context, merchantID string) (float64, error) {
	return db.Get[float64](ctx, r.db, queries.MerchantStoredVolume, merchantID)
}

func (r *InventoryRepo) journal(ctx context.Context, q db.Queryer, merchantID, sku string, delta int, reason, ref string) error {
	_, err := db.NamedExec(ctx, q, queries.InsertStockMovement, movement{
		ID:         r.ids.New(),
		MerchantID: merchantID,
		SKU:        sku,
		Delta:      delta,
		Reason:     reason,
		Reference:  ref,
		CreatedAt:  r.clock.Now(),
	})
	return err
}
