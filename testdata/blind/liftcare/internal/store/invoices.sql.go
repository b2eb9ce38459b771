package store

import (
	"context"

	"github.com/google/uuid"
)

const invoiceExists = `-- name: InvoiceExists :one
SELECT EXISTS (SELECT 1 FROM invoices WHERE contract_id = $1 AND period = $2)`

func (q *Queries) InvoiceExists(ctx context.Context, contractID uuid.UUID, period string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, invoiceExists, contractID, period).Scan(&ok)
	return ok, err
}

const insertInvoice = `-- name: InsertInvoice :exec
INSERT INTO invoices (contract_id, period, amount_cents, sent_at)
VALUES ($1, $2, $3, now())
ON CONFLICT (contract_id, period) DO NOTHING`

func (q *Queries) InsertInvoice(ctx context.Context, contractID uuid.UUID, period string, amountCents int64) error {
	_, err := q.db.Exec(ctx, insertInvoice, contractID, period, amountCents)
	return err
}
