package sqlxstore

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
)

type Billing struct{}

func NewBilling() *Billing { return &Billing{} }

func (r *Billing) InsertCommission(ctx context.Context, q Queryer, c domain.Commission) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO commissions (id, reseller_id, topup_id, amount_cents)
		VALUES (:id, :reseller_id, :topup_id, :amount_cents)`, c)
	return err
}

func (r *Billing) CommissionTotal(ctx context.Context, q Queryer, resellerID uuid.UUID, period string) (int64, error) {
	var total int64
	err := q.GetContext(ctx, &total, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM commissions
		WHERE reseller_id = $1 AND to_char(created_at, 'YYYY-MM') = $2`, resellerID, period)
	return total, err
}

// CreateInvoice inserts the invoice for the period if there is none yet and
// returns the stored invoice either way.
func (r *Billing) CreateInvoice(ctx context.Context, q Queryer, inv domain.Invoice) (*domain.Invoice, bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO invoices (id, reseller_id, period, number, total_cents)
		VALUES (:id, :reseller_id, :period, :number, :total_cents)
		ON CONFLICT (reseller_id, period) DO NOTHING`, inv)
	if err != nil {
		return nil, false, err
	}
	n, _ := res.RowsAffected()
	var stored domain.Invoice
	if err := q.GetContext(ctx, &stored, `
		SELECT id, reseller_id, period, number, total_cents, created_at
		FROM invoices WHERE reseller_id = $1 AND period = $2`, inv.ResellerID, inv.Period); err != nil {
		return nil, false, err
	}
	return &stored, n == 1, nil
}
