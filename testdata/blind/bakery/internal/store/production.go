package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Production persists the bake plan.
type Production struct{}

// NewProduction builds the repository.
func NewProduction() *Production { return &Production{} }

// InsertItem records one order line's share of a bake day.
func (r *Production) InsertItem(ctx context.Context, q Q, item domain.ProductionItem) error {
	_, err := namedExec(ctx, q, `
INSERT INTO production_plan_items (id, bake_date, product_id, order_id, quantity)
VALUES (:id, :bake_date, :product_id, :order_id, :quantity)`, item)
	return err
}

// RecomputeDay rebuilds the planned quantity of each product for a bake day
// from its items. Locked days (already handed to the bakers) are left alone.
func (r *Production) RecomputeDay(ctx context.Context, q Q, day time.Time, productIDs []uuid.UUID) error {
	for _, pid := range productIDs {
		_, err := namedExec(ctx, q, `
INSERT INTO production_plan (bake_date, product_id, planned_qty, updated_at)
SELECT :day, :product_id, COALESCE(SUM(i.quantity), 0), now()
FROM production_plan_items i
JOIN orders o ON o.id = i.order_id AND o.status <> 'cancelled'
WHERE i.bake_date = :day AND i.product_id = :product_id
ON CONFLICT (bake_date, product_id) DO UPDATE
SET planned_qty = EXCLUDED.planned_qty, updated_at = now()
WHERE NOT production_plan.locked`, map[string]any{"day": day, "product_id": pid})
		if err != nil {
			return err
		}
	}
	return nil
}

// IsLocked reports whether the bake day has been locked.
func (r *Production) IsLocked(ctx context.Context, q Q, day time.Time) (bool, error) {
	return namedGet[bool](ctx, q, `
SELECT EXISTS (SELECT 1 FROM production_plan WHERE bake_date = :day AND locked)`, map[string]any{"day": day})
}

// FlourNeeds aggregates the flour required by the plan between from and to,
// grouped by the mill that supplies it.
func (r *Production) FlourNeeds(ctx context.Context, q Q, from, to time.Time) ([]domain.FlourNeed, error) {
	return namedSelect[domain.FlourNeed](ctx, q, `
SELECT sf.supplier_id, p.flour_code, SUM(pp.planned_qty::bigint * p.flour_grams_per_unit) AS grams
FROM production_plan pp
JOIN products p ON p.id = pp.product_id
JOIN supplier_flours sf ON sf.flour_code = p.flour_code
WHERE pp.bake_date BETWEEN :from AND :to
GROUP BY sf.supplier_id, p.flour_code
ORDER BY sf.supplier_id, p.flour_code`, map[string]any{"from": from, "to": to})
}
