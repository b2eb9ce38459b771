package repo

import (
	"context"
	"database/sql"
	"time"

	"github.com/lib/pq"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// WorkOrders persists maintenance work orders, shops and shop invoices.
type WorkOrders struct{}

// GetShop loads a repair shop.
func (WorkOrders) GetShop(ctx context.Context, q db.Querier, id string) (*domain.Shop, error) {
	var s domain.Shop
	err := q.QueryRowContext(ctx, `
		SELECT id, name, shopnet_id, railroad, location FROM shops WHERE id = $1`, id).
		Scan(&s.ID, &s.Name, &s.ShopnetID, &s.Railroad, &s.Location)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &s, nil
}

// ShopByShopnetID resolves a shop from its ShopNet identifier.
func (WorkOrders) ShopByShopnetID(ctx context.Context, q db.Querier, shopnetID string) (*domain.Shop, error) {
	var s domain.Shop
	err := q.QueryRowContext(ctx, `
		SELECT id, name, shopnet_id, railroad, location FROM shops WHERE shopnet_id = $1`, shopnetID).
		Scan(&s.ID, &s.Name, &s.ShopnetID, &s.Railroad, &s.Location)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &s, nil
}

// Insert creates a work order.
func (WorkOrders) Insert(ctx context.Context, q db.Querier, wo *domain.WorkOrder) error {
	return q.QueryRowContext(ctx, `
		INSERT INTO work_orders (id, car_mark, shop_id, lease_id, status, defect_codes, description, requested_by)
		VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7, $8)
		RETURNING created_at`,
		wo.ID, wo.CarMark, wo.ShopID, wo.LeaseID, wo.Status, pq.Array(wo.DefectCodes),
		wo.Description, wo.RequestedBy).Scan(&wo.CreatedAt)
}

// Get loads a work order.
func (WorkOrders) Get(ctx context.Context, q db.Querier, id string) (*domain.WorkOrder, error) {
	var wo domain.WorkOrder
	var lease, ro sql.NullString
	var dispatched, completed sql.NullTime
	err := q.QueryRowContext(ctx, `
		SELECT id, car_mark, shop_id, lease_id, status, defect_codes, description, requested_by,
			shop_ro_number, created_at, dispatched_at, completed_at
		FROM work_orders WHERE id = $1`, id).
		Scan(&wo.ID, &wo.CarMark, &wo.ShopID, &lease, &wo.Status, pq.Array(&wo.DefectCodes),
			&wo.Description, &wo.RequestedBy, &ro, &wo.CreatedAt, &dispatched, &completed)
	if err != nil {
		return nil, db.NotFound(err)
	}
	wo.LeaseID, wo.ShopRONumber = lease.String, ro.String
	if dispatched.Valid {
		wo.DispatchedAt = &dispatched.Time
	}
	if completed.Valid {
		wo.CompletedAt = &completed.Time
	}
	return &wo, nil
}

// MarkDispatched records the shop's repair order number.
func (WorkOrders) MarkDispatched(ctx context.Context, q db.Querier, id, roNumber string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE work_orders SET status = 'DISPATCHED', shop_ro_number = $2, dispatched_at = $3
		WHERE id = $1 AND status = 'OPEN'`, id, roNumber, at)
	return err
}

// SetStatus moves a work order to status.
func (WorkOrders) SetStatus(ctx context.Context, q db.Querier, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE work_orders SET status = $2 WHERE id = $1`, id, status)
	return err
}

// MarkCompleted closes a work order.
func (WorkOrders) MarkCompleted(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE work_orders SET status = 'COMPLETED', completed_at = $2 WHERE id = $1`, id, at)
	return err
}

// ReceiveShopInvoice stores a shop invoice. Shops number their own invoices,
// so an invoice is unique per shop and number; it returns the stored id and
// whether this call created it.
func (WorkOrders) ReceiveShopInvoice(ctx context.Context, q db.Querier, si *domain.ShopInvoice) (string, bool, error) {
	var id string
	err := q.QueryRowContext(ctx, `
		INSERT INTO shop_invoices (id, shop_id, invoice_number, work_order_id, total_cents, days_in_shop)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (shop_id, invoice_number) DO NOTHING
		RETURNING id`,
		si.ID, si.ShopID, si.InvoiceNumber, si.WorkOrderID, si.TotalCents, si.DaysInShop).Scan(&id)
	if err == sql.ErrNoRows {
		err = q.QueryRowContext(ctx, `
			SELECT id FROM shop_invoices WHERE shop_id = $1 AND invoice_number = $2`,
			si.ShopID, si.InvoiceNumber).Scan(&id)
		return id, false, err
	}
	if err != nil {
		return "", false, err
	}
	return id, true, nil
}

// AddShopInvoiceLine stores one job code line.
func (WorkOrders) AddShopInvoiceLine(ctx context.Context, q db.Querier, invoiceID string, l domain.ShopInvoiceLine) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO shop_invoice_lines (shop_invoice_id, line_no, job_code, why_made_code, labor_cents, material_cents)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		invoiceID, l.LineNo, l.JobCode, l.WhyMadeCode, l.LaborCents, l.MaterialCents)
	return err
}
