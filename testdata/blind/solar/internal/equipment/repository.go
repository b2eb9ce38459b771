package equipment

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository persists purchase orders and receipts.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// CreateIfAbsent inserts the order and its lines unless the PO number exists,
// and returns the stored order.
func (r *Repository) CreateIfAbsent(ctx context.Context, o Order) (Order, error) {
	q := database.Executor(ctx, r.db)
	res, err := q.ExecContext(ctx, `
		INSERT INTO equipment_orders (id, project_id, po_number, bundle, warehouse_id, status)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (po_number) DO NOTHING`,
		o.ID, o.ProjectID, o.PONumber, o.Bundle, o.WarehouseID, o.Status)
	if err != nil {
		return Order{}, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		for _, l := range o.Lines {
			if _, err := q.ExecContext(ctx, `
				INSERT INTO equipment_order_lines (order_id, sku, quantity) VALUES ($1, $2, $3)
				ON CONFLICT (order_id, sku) DO UPDATE SET quantity = EXCLUDED.quantity`,
				o.ID, l.SKU, l.Quantity); err != nil {
				return Order{}, err
			}
		}
	}
	return r.byPO(ctx, o.PONumber)
}

const orderColumns = `id, project_id, po_number, bundle, warehouse_id, status, distributor_order_id, carrier, tracking_number`

func (r *Repository) scan(ctx context.Context, where string, arg any) (Order, error) {
	q := database.Executor(ctx, r.db)
	var o Order
	var dist, carrier, tracking sql.NullString
	err := q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM equipment_orders WHERE `+where, arg).Scan(
		&o.ID, &o.ProjectID, &o.PONumber, &o.Bundle, &o.WarehouseID, &o.Status, &dist, &carrier, &tracking)
	if err != nil {
		return o, database.NotFound(err)
	}
	o.DistributorOrderID, o.Carrier, o.TrackingNumber = dist.String, carrier.String, tracking.String
	rows, err := q.QueryContext(ctx, `SELECT sku, quantity FROM equipment_order_lines WHERE order_id = $1 ORDER BY sku`, o.ID)
	if err != nil {
		return o, err
	}
	defer rows.Close()
	for rows.Next() {
		var l Line
		if err := rows.Scan(&l.SKU, &l.Quantity); err != nil {
			return o, err
		}
		o.Lines = append(o.Lines, l)
	}
	return o, rows.Err()
}

func (r *Repository) byPO(ctx context.Context, po string) (Order, error) {
	return r.scan(ctx, "po_number = $1", po)
}

// Get loads an order.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Order, error) {
	return r.scan(ctx, "id = $1", id)
}

// MarkSubmitted stores the distributor's order ID.
func (r *Repository) MarkSubmitted(ctx context.Context, id uuid.UUID, distributorOrderID string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE equipment_orders SET status = 'submitted', distributor_order_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'draft'`, id, distributorOrderID)
	return err
}

// SetStatus sets an order's status.
func (r *Repository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx,
		`UPDATE equipment_orders SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// Advance moves an order forward to status, locking the row. It reports
// whether the status changed.
func (r *Repository) Advance(ctx context.Context, po, status, carrier, tracking string) (Order, bool, error) {
	o, err := r.scan(ctx, "po_number = $1 FOR UPDATE", po)
	if err != nil {
		return o, false, err
	}
	if !canAdvance(o.Status, status) {
		return o, false, nil
	}
	_, err = database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE equipment_orders
		SET status = $2, carrier = COALESCE(NULLIF($3, ''), carrier),
		    tracking_number = COALESCE(NULLIF($4, ''), tracking_number), updated_at = now()
		WHERE id = $1`, o.ID, status, carrier, tracking)
	o.Status = status
	return o, err == nil, err
}

// HasReceipt reports whether the packing slip was already checked in.
func (r *Repository) HasReceipt(ctx context.Context, orderID uuid.UUID, slip string) (bool, error) {
	var exists bool
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM equipment_receipts WHERE order_id = $1 AND packing_slip = $2)`,
		orderID, slip).Scan(&exists)
	return exists, err
}

// InsertReceipt records a checked-in packing slip.
func (r *Repository) InsertReceipt(ctx context.Context, id, orderID uuid.UUID, slip, by string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO equipment_receipts (id, order_id, packing_slip, received_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, packing_slip) DO NOTHING`, id, orderID, slip, by)
	return err
}
