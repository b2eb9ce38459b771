package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

type merchantRepo struct{ db DBTX }

const merchantColumns = `id, name, billing_email, payment_customer_id, coalesce(payment_method_id, ''),
	outstanding_cents, credit_cents, currency`

func scanMerchant(row interface{ Scan(...any) error }) (*domain.Merchant, error) {
	var m domain.Merchant
	if err := row.Scan(&m.ID, &m.Name, &m.BillingEmail, &m.PaymentCustomerID, &m.PaymentMethodID,
		&m.OutstandingCents, &m.CreditCents, &m.Currency); err != nil {
		return nil, err
	}
	return &m, nil
}

func (r merchantRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Merchant, error) {
	m, err := scanMerchant(r.db.QueryRow(ctx, `SELECT `+merchantColumns+` FROM merchants WHERE id = $1`, id))
	return m, mapErr(err)
}

func (r merchantRepo) ListWithOutstanding(ctx context.Context, minCents int64) ([]domain.Merchant, error) {
	rows, err := r.db.Query(ctx, `
		SELECT `+merchantColumns+` FROM merchants
		 WHERE outstanding_cents >= $1 AND payment_method_id IS NOT NULL
		 ORDER BY id`, minCents)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []domain.Merchant
	for rows.Next() {
		m, err := scanMerchant(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *m)
	}
	return out, rows.Err()
}

func (r merchantRepo) AddOutstanding(ctx context.Context, id uuid.UUID, deltaCents int64) error {
	_, err := r.db.Exec(ctx, `UPDATE merchants SET outstanding_cents = outstanding_cents + $2 WHERE id = $1`, id, deltaCents)
	return mapErr(err)
}

func (r merchantRepo) AddCredit(ctx context.Context, id uuid.UUID, deltaCents int64) error {
	tag, err := r.db.Exec(ctx, `UPDATE merchants SET credit_cents = credit_cents + $2 WHERE id = $1`, id, deltaCents)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

type ledgerRepo struct{ db DBTX }

func (r ledgerRepo) Append(ctx context.Context, e *domain.LedgerEntry) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO merchant_ledger (id, merchant_id, order_id, entry_type, amount_cents, memo)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, e.MerchantID, e.OrderID, e.EntryType, e.AmountCents, e.Memo)
	return mapErr(err)
}

func (r ledgerRepo) InsertCreditNote(ctx context.Context, n *domain.CreditNote) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO credit_notes (id, merchant_id, amount_cents, reason, issued_by)
		VALUES ($1, $2, $3, $4, $5)`,
		n.ID, n.MerchantID, n.AmountCents, n.Reason, n.IssuedBy)
	return mapErr(err)
}

type invoiceRepo struct{ db DBTX }

func (r invoiceRepo) UpsertOpen(ctx context.Context, inv *domain.Invoice) (*domain.Invoice, error) {
	var out domain.Invoice
	err := r.db.QueryRow(ctx, `
		INSERT INTO invoices (id, merchant_id, period, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, $5, 'open')
		ON CONFLICT (merchant_id, period) DO UPDATE SET updated_at = now()
		RETURNING id, merchant_id, period, amount_cents, currency, status, coalesce(charge_id, '')`,
		inv.ID, inv.MerchantID, inv.Period, inv.AmountCents, inv.Currency).
		Scan(&out.ID, &out.MerchantID, &out.Period, &out.AmountCents, &out.Currency, &out.Status, &out.ChargeID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}

func (r invoiceRepo) MarkPaid(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE invoices SET status = 'paid', charge_id = $2, paid_at = $3, updated_at = now()
		 WHERE id = $1 AND status = 'open'`, id, chargeID, at)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

type refundRepo struct{ db DBTX }

const refundColumns = `id, order_id, merchant_id, kind, amount_cents, reason, status,
	coalesce(provider_refund_id, ''), created_at`

func scanRefund(row interface{ Scan(...any) error }) (*domain.Refund, error) {
	var r domain.Refund
	if err := row.Scan(&r.ID, &r.OrderID, &r.MerchantID, &r.Kind, &r.AmountCents, &r.Reason,
		&r.Status, &r.ProviderRefundID, &r.CreatedAt); err != nil {
		return nil, mapErr(err)
	}
	return &r, nil
}

func (r refundRepo) Insert(ctx context.Context, ref *domain.Refund) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO refunds (id, order_id, merchant_id, kind, amount_cents, reason, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		ref.ID, ref.OrderID, ref.MerchantID, ref.Kind, ref.AmountCents, ref.Reason, ref.Status)
	return mapErr(err)
}

func (r refundRepo) EnsureFailedDelivery(ctx context.Context, ref *domain.Refund) (*domain.Refund, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO refunds (id, order_id, merchant_id, kind, amount_cents, reason, status)
		VALUES ($1, $2, $3, 'failed_delivery', $4, $5, 'pending')
		ON CONFLICT (order_id) WHERE kind = 'failed_delivery' DO NOTHING`,
		ref.ID, ref.OrderID, ref.MerchantID, ref.AmountCents, ref.Reason)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanRefund(r.db.QueryRow(ctx, `
		SELECT `+refundColumns+` FROM refunds WHERE order_id = $1 AND kind = 'failed_delivery'`, ref.OrderID))
}

func (r refundRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error) {
	return scanRefund(r.db.QueryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, id))
}

func (r refundRepo) MarkSucceeded(ctx context.Context, id uuid.UUID, providerRefundID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE refunds SET status = 'succeeded', provider_refund_id = $2, updated_at = now()
		 WHERE id = $1 AND status <> 'succeeded'`, id, providerRefundID)
	return mapErr(err)
}

func (r refundRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.Exec(ctx, `
		UPDATE refunds SET status = 'failed', updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id)
	return mapErr(err)
}
