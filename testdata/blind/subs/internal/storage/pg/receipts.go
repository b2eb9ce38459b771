package pg

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type ReceiptRepo struct{ db sqlx.ExtContext }

func NewReceiptRepo(db sqlx.ExtContext) *ReceiptRepo { return &ReceiptRepo{db: db} }

func (r *ReceiptRepo) Exists(ctx context.Context, invoiceID string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, r.db, &ok, `SELECT EXISTS (SELECT 1 FROM receipts WHERE invoice_id = $1)`, invoiceID)
	return ok, mapErr("receipts.exists", err)
}

func (r *ReceiptRepo) Insert(ctx context.Context, invoiceID, email string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO receipts (invoice_id, email) VALUES ($1, $2)
		ON CONFLICT (invoice_id) DO NOTHING`, invoiceID, email)
	return mapErr("receipts.insert", err)
}
