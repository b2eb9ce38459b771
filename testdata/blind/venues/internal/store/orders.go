package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const poColumns = `id, booking_package_id, vendor_id, po_number, status, ordered_total_cents,
	confirmed_total_cents, sent_at, confirmed_at`

const (
	insertPOSQL = `
INSERT INTO purchase_orders (id, booking_package_id, vendor_id, po_number, status, ordered_total_cents, sent_at)
VALUES (:id, :booking_package_id, :vendor_id, :po_number, :status, :ordered_total_cents, :sent_at)`

	getPOByNumberForUpdateSQL = `SELECT ` + poColumns + ` FROM purchase_orders WHERE po_number = $1 FOR UPDATE`

	confirmPOSQL = `
UPDATE purchase_orders
SET status = 'confirmed', confirmed_total_cents = $2, confirmed_at = COALESCE(confirmed_at, $3)
WHERE id = $1 AND status IN ('sent', 'confirmed')`

	rejectPOSQL = `UPDATE purchase_orders SET status = 'rejected' WHERE id = $1 AND status = 'sent'`

	insertPayableSQL = `
INSERT INTO vendor_payables (id, purchase_order_id, amount_cents, confirmation_ref, due_date, created_at)
VALUES (:id, :purchase_order_id, :amount_cents, :confirmation_ref, :due_date, :created_at)`
)

type PurchaseOrders struct{ db *sqlx.DB }

func NewPurchaseOrders(db *sqlx.DB) *PurchaseOrders { return &PurchaseOrders{db: db} }

func (r *PurchaseOrders) Insert(ctx context.Context, po domain.PurchaseOrder) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertPOSQL, po)
	return err
}

func (r *PurchaseOrders) GetByNumberForUpdate(ctx context.Context, poNumber string) (domain.PurchaseOrder, error) {
	return dbx.Get[domain.PurchaseOrder](ctx, dbx.Conn(ctx, r.db), getPOByNumberForUpdateSQL, poNumber)
}

func (r *PurchaseOrders) Confirm(ctx context.Context, id uuid.UUID, totalCents int64, at time.Time) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), confirmPOSQL, id, totalCents, at)
}

func (r *PurchaseOrders) Reject(ctx context.Context, id uuid.UUID) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), rejectPOSQL, id)
	return err
}

func (r *PurchaseOrders) AddPayable(ctx context.Context, p domain.VendorPayable) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertPayableSQL, p)
	return err
}
