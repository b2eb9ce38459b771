package purchasing

import (
	"context"
	"fmt"

	"github.com/lib/pq"

	"github.com/northmill/procure/internal/platform/db"
)

// Repo is the sqlx repository for purchase orders.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

const poColumns = `id, po_number, supplier_id, cost_centre, currency, total_minor, prepayment_pct,
	status, requested_by, delivery_site, reservation_id, cancel_reason, created_at, updated_at`

// NextNumber allocates a PO number.
func (r *Repo) NextNumber(ctx context.Context, q db.Querier) (string, error) {
	var n int64
	if err := q.GetContext(ctx, &n, `SELECT nextval('po_number_seq')`); err != nil {
		return "", err
	}
	return fmt.Sprintf("PO-%d", n), nil
}

// Insert stores a new PO with its lines.
func (r *Repo) Insert(ctx context.Context, q db.Querier, po PurchaseOrder) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO purchase_orders (id, po_number, supplier_id, cost_centre, currency, total_minor,
			prepayment_pct, status, requested_by, delivery_site, reservation_id)
		VALUES (:id, :po_number, :supplier_id, :cost_centre, :currency, :total_minor,
			:prepayment_pct, :status, :requested_by, :delivery_site, :reservation_id)`, po)
	if err != nil {
		return fmt.Errorf("insert purchase order: %w", err)
	}
	for _, l := range po.Lines {
		l.POID = po.ID
		if _, err := q.NamedExecContext(ctx, `
			INSERT INTO po_lines (po_id, line_no, sku, description, quantity, uom, unit_price_minor)
			VALUES (:po_id, :line_no, :sku, :description, :quantity, :uom, :unit_price_minor)`, l); err != nil {
			return fmt.Errorf("insert po line %d: %w", l.LineNo, err)
		}
	}
	return nil
}

// Get loads a PO header.
func (r *Repo) Get(ctx context.Context, q db.Querier, id string) (PurchaseOrder, error) {
	return db.Get[PurchaseOrder](ctx, q, `SELECT `+poColumns+` FROM purchase_orders WHERE id = $1`, id)
}

// GetForUpdate loads and locks a PO header.
func (r *Repo) GetForUpdate(ctx context.Context, q db.Querier, id string) (PurchaseOrder, error) {
	return db.Get[PurchaseOrder](ctx, q, `SELECT `+poColumns+` FROM purchase_orders WHERE id = $1 FOR UPDATE`, id)
}

// GetWithLines loads a PO and its lines.
func (r *Repo) GetWithLines(ctx context.Context, q db.Querier, id string) (PurchaseOrder, error) {
	po, err := r.Get(ctx, q, id)
	if err != nil {
		return po, err
	}
	po.Lines, err = r.Lines(ctx, q, id)
	return po, err
}

// Lines loads a PO's lines in order.
func (r *Repo) Lines(ctx context.Context, q db.Querier, poID string) ([]Line, error) {
	return db.Select[Line](ctx, q, `
		SELECT po_id, line_no, sku, description, quantity, uom, unit_price_minor, received_qty, invoiced_qty
		FROM po_lines WHERE po_id = $1 ORDER BY line_no`, poID)
}

// Transition moves a PO from one of the given statuses to another and
// reports whether a row changed.
func (r *Repo) Transition(ctx context.Context, q db.Querier, id string, from []string, to string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE purchase_orders SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, to, pq.Array(from))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkCancelled cancels a PO that is still in the expected status.
func (r *Repo) MarkCancelled(ctx context.Context, q db.Querier, id, fromStatus, reason string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE purchase_orders SET status = 'cancelled', cancel_reason = $3, updated_at = now()
		WHERE id = $1 AND status = $2`, id, fromStatus, reason)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InsertAmendment stores a PO amendment.
func (r *Repo) InsertAmendment(ctx context.Context, q db.Querier, a Amendment) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO po_amendments (id, po_id, reason, changes, status, requested_by)
		VALUES (:id, :po_id, :reason, :changes, :status, :requested_by)`, a)
	return err
}

// GetAmendment loads an amendment.
func (r *Repo) GetAmendment(ctx context.Context, q db.Querier, id string) (Amendment, error) {
	return db.Get[Amendment](ctx, q, `
		SELECT id, po_id, reason, changes, status, requested_by, sent_at, created_at
		FROM po_amendments WHERE id = $1`, id)
}

// MarkAmendmentSent flags an amendment as transmitted.
func (r *Repo) MarkAmendmentSent(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE po_amendments SET status = 'sent', sent_at = now()
		WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// ApplyLineChange updates a PO line from an amendment.
func (r *Repo) ApplyLineChange(ctx context.Context, q db.Querier, poID string, c LineChange) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE po_lines SET
			quantity = COALESCE($3, quantity),
			unit_price_minor = COALESCE($4, unit_price_minor)
		WHERE po_id = $1 AND line_no = $2`, poID, c.LineNo, c.NewQuantity, c.NewUnitPrice))
}

// RecalculateTotal recomputes a PO's total from its lines.
func (r *Repo) RecalculateTotal(ctx context.Context, q db.Querier, poID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE purchase_orders SET total_minor = (
			SELECT COALESCE(SUM((quantity * unit_price_minor)::bigint), 0) FROM po_lines WHERE po_id = $1
		), updated_at = now()
		WHERE id = $1`, poID)
	return err
}

// InsertTransmission records a document sent for a PO.
func (r *Repo) InsertTransmission(ctx context.Context, q db.Querier, t Transmission) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO po_transmissions (po_id, doc_type, interchange_ref, partner_doc_id)
		VALUES (:po_id, :doc_type, :interchange_ref, :partner_doc_id)
		ON CONFLICT (interchange_ref) DO NOTHING`, t)
	return err
}

// RepriceDraftLines sets the unit price of a SKU on the supplier's draft POs
// and returns the affected PO IDs.
func (r *Repo) RepriceDraftLines(ctx context.Context, q db.Querier, supplierID, sku string, priceMinor int64) ([]string, error) {
	var poIDs []string
	err := q.SelectContext(ctx, &poIDs, `
		UPDATE po_lines l SET unit_price_minor = $3
		FROM purchase_orders p
		WHERE p.id = l.po_id AND p.status = 'draft' AND p.supplier_id = $1 AND l.sku = $2
		RETURNING l.po_id`, supplierID, sku, priceMinor)
	return poIDs, err
}

// AddReceivedQty moves a line's received quantity by delta.
func (r *Repo) AddReceivedQty(ctx context.Context, q db.Querier, poID string, lineNo int, delta float64) error {
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE po_lines SET received_qty = received_qty + $3
		WHERE po_id = $1 AND line_no = $2`, poID, lineNo, delta))
}

// RefreshReceiptStatus sets the PO status from its received quantities.
func (r *Repo) RefreshReceiptStatus(ctx context.Context, q db.Querier, poID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE purchase_orders p SET status = CASE
				WHEN agg.received >= agg.ordered THEN 'received'
				WHEN agg.received > 0 THEN 'partially_received'
				ELSE p.status END,
			updated_at = now()
		FROM (SELECT SUM(quantity) AS ordered, SUM(received_qty) AS received
		      FROM po_lines WHERE po_id = $1) agg
		WHERE p.id = $1 AND p.status IN ('sent', 'acknowledged', 'partially_received', 'received')`, poID)
	return err
}

// ByNumber loads a PO header by its number.
func (r *Repo) ByNumber(ctx context.Context, q db.Querier, number string) (PurchaseOrder, error) {
	return db.Get[PurchaseOrder](ctx, q, `SELECT `+poColumns+` FROM purchase_orders WHERE po_number = $1`, number)
}
