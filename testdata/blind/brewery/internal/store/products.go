package store

import (
	"context"
	"fmt"

	"github.com/ironkettle/taproute/internal/domain"
)

// ProductRepo reads the product catalogue and keeps inventory counts.
type ProductRepo struct{}

// NewProductRepo constructs a ProductRepo.
func NewProductRepo() *ProductRepo { return &ProductRepo{} }

// GetMany loads the listed SKUs keyed by SKU. Unknown SKUs are omitted.
func (r *ProductRepo) GetMany(ctx context.Context, q Querier, skus []string) (map[string]domain.Product, error) {
	rows, err := q.Query(ctx, `
		SELECT sku, name, package, unit_price_cents, deposit_cents, barrels_per_unit::float8
		  FROM products WHERE sku = ANY($1) AND active`, skus)
	if err != nil {
		return nil, fmt.Errorf("load products: %w", err)
	}
	defer rows.Close()
	out := make(map[string]domain.Product, len(skus))
	for rows.Next() {
		var p domain.Product
		var pkg string
		if err := rows.Scan(&p.SKU, &p.Name, &pkg, &p.UnitPriceCents, &p.DepositCents, &p.BarrelsPerUnit); err != nil {
			return nil, err
		}
		p.Package = domain.Package(pkg)
		out[p.SKU] = p
	}
	return out, rows.Err()
}

// Reserve earmarks qty units of sku for an order. It fails with
// domain.ErrInsufficientStock when free stock is too low.
func (r *ProductRepo) Reserve(ctx context.Context, q Querier, sku string, qty int) error {
	tag, err := q.Exec(ctx, `
		UPDATE inventory SET reserved = reserved + $2
		 WHERE sku = $1 AND on_hand - reserved >= $2`, sku, qty)
	if err != nil {
		return fmt.Errorf("reserve %s: %w", sku, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("reserve %s x%d: %w", sku, qty, domain.ErrInsufficientStock)
	}
	return nil
}

// Release returns a reservation to free stock.
func (r *ProductRepo) Release(ctx context.Context, q Querier, sku string, qty int) error {
	_, err := q.Exec(ctx, `UPDATE inventory SET reserved = GREATEST(reserved - $2, 0) WHERE sku = $1`, sku, qty)
	return err
}

// Ship converts a reservation into stock that has left the building.
func (r *ProductRepo) Ship(ctx context.Context, q Querier, sku string, qty int) error {
	_, err := q.Exec(ctx, `
		UPDATE inventory SET reserved = GREATEST(reserved - $2, 0), on_hand = GREATEST(on_hand - $2, 0)
		 WHERE sku = $1`, sku, qty)
	return err
}

// BarrelsBySKU maps SKU to barrels per unit, for excise and rebate volume.
func (r *ProductRepo) BarrelsBySKU(ctx context.Context, q Querier) (map[string]float64, error) {
	rows, err := q.Query(ctx, `SELECT sku, barrels_per_unit::float8 FROM products`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]float64{}
	for rows.Next() {
		var sku string
		var bbl float64
		if err := rows.Scan(&sku, &bbl); err != nil {
			return nil, err
		}
		out[sku] = bbl
	}
	return out, rows.Err()
}
