package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Purchasing persists suppliers and flour purchase orders.
type Purchasing struct{}

// NewPurchasing builds the repository.
func NewPurchasing() *Purchasing { return &Purchasing{} }

const poColumns = `id, po_number, supplier_id, needed_by, status, mill_order_ref, created_by, created_at, submitted_at`

// Get loads a purchase order and its lines.
func (r *Purchasing) Get(ctx context.Context, q Q, id uuid.UUID) (domain.PurchaseOrder, error) {
	po, err := namedGet[domain.PurchaseOrder](ctx, q, `SELECT `+poColumns+` FROM purchase_orders WHERE id = :id`,
		map[string]any{"id": id})
	if err != nil {
		return po, notFound(err, "purchase order", id)
	}
	po.Lines, err = namedSelect[domain.FlourLine](ctx, q, `
SELECT purchase_order_id, flour_code, kilograms FROM purchase_order_lines WHERE purchase_order_id = :id
ORDER BY flour_code`, map[string]any{"id": id})
	return po, err
}

// Supplier loads a supplier.
func (r *Purchasing) Supplier(ctx context.Context, q Q, id uuid.UUID) (domain.Supplier, error) {
	s, err := namedGet[domain.Supplier](ctx, q, `
SELECT id, name, mill_account_ref, lead_time_days FROM suppliers WHERE id = :id`, map[string]any{"id": id})
	return s, notFound(err, "supplier", id)
}

// MillSKUs maps our flour codes to the supplier's SKUs.
func (r *Purchasing) MillSKUs(ctx context.Context, q Q, supplierID uuid.UUID) (map[string]string, error) {
	type row struct {
		FlourCode string `db:"flour_code"`
		MillSKU   string `db:"mill_sku"`
	}
	rows, err := namedSelect[row](ctx, q, `
SELECT flour_code, mill_sku FROM supplier_flours WHERE supplier_id = :id`, map[string]any{"id": supplierID})
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.FlourCode] = r.MillSKU
	}
	return out, nil
}

// MarkSubmitted stores the mill's order reference on the purchase order.
func (r *Purchasing) MarkSubmitted(ctx context.Context, q Q, id uuid.UUID, millRef string, at time.Time) error {
	_, err := namedExec(ctx, q, `
UPDATE purchase_orders SET status = 'submitted', mill_order_ref = :ref, submitted_at = :at
WHERE id = :id AND status = 'draft'`, map[string]any{"id": id, "ref": millRef, "at": at})
	return err
}

// EnsureDraft returns the open draft for the supplier and day, creating it
// if none exists.
func (r *Purchasing) EnsureDraft(ctx context.Context, q Q, supplierID uuid.UUID, neededBy time.Time, createdBy string) (uuid.UUID, error) {
	arg := map[string]any{"id": uuid.New(), "supplier_id": supplierID, "needed_by": neededBy, "created_by": createdBy}
	if _, err := namedExec(ctx, q, `
INSERT INTO purchase_orders (id, po_number, supplier_id, needed_by, status, created_by)
VALUES (:id, 'PO-' || nextval('purchase_order_number_seq'), :supplier_id, :needed_by, 'draft', :created_by)
ON CONFLICT (supplier_id, needed_by) WHERE status = 'draft' DO NOTHING`, arg); err != nil {
		return uuid.Nil, err
	}
	return namedGet[uuid.UUID](ctx, q, `
SELECT id FROM purchase_orders WHERE supplier_id = :supplier_id AND needed_by = :needed_by AND status = 'draft'`, arg)
}

// SetLine sets the kilograms of a flour on a draft purchase order.
func (r *Purchasing) SetLine(ctx context.Context, q Q, poID uuid.UUID, flourCode string, kg int) error {
	_, err := namedExec(ctx, q, `
INSERT INTO purchase_order_lines (purchase_order_id, flour_code, kilograms) VALUES (:po, :flour, :kg)
ON CONFLICT (purchase_order_id, flour_code) DO UPDATE SET kilograms = EXCLUDED.kilograms`,
		map[string]any{"po": poID, "flour": flourCode, "kg": kg})
	return err
}
