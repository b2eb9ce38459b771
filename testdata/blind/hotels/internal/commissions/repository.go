// Package commissions settles OTA commission invoices.
package commissions

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Payment is a settled invoice.
type Payment struct {
	Channel    string
	InvoiceRef string
	PropertyID string
	Amount     domain.Money
	ReceiptRef string
	PaidAt     time.Time
}

// Repository stores settled invoices.
type Repository interface {
	Find(ctx context.Context, channel, invoiceRef string) (*Payment, error)
	Insert(ctx context.Context, p *Payment) error
}

type pgRepository struct{ db *sql.DB }

// NewRepository returns the Postgres implementation.
func NewRepository(db *sql.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) Find(ctx context.Context, channel, invoiceRef string) (*Payment, error) {
	var p Payment
	err := sqldb.Conn(ctx, r.db).QueryRowContext(ctx, `SELECT channel, invoice_ref, property_id, amount_minor, currency, receipt_ref, paid_at
		FROM commission_payments WHERE channel = $1 AND invoice_ref = $2`, channel, invoiceRef).
		Scan(&p.Channel, &p.InvoiceRef, &p.PropertyID, &p.Amount.Minor, &p.Amount.Currency, &p.ReceiptRef, &p.PaidAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &p, err
}

func (r *pgRepository) Insert(ctx context.Context, p *Payment) error {
	_, err := sqldb.Conn(ctx, r.db).ExecContext(ctx, `INSERT INTO commission_payments
		(channel, invoice_ref, property_id, amount_minor, currency, receipt_ref, paid_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (channel, invoice_ref) DO NOTHING`,
		p.Channel, p.InvoiceRef, p.PropertyID, p.Amount.Minor, p.Amount.Currency, p.ReceiptRef, p.PaidAt)
	return err
}
