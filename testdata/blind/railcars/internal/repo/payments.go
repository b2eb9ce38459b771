package repo

import (
	"context"
	"database/sql"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Payments persists customer payments and refunds.
type Payments struct{}

const paymentCols = `id, invoice_id, customer_id, method, amount_cents, status,
	COALESCE(provider_ref, ''), idempotency_key, COALESCE(failure_reason, ''), created_at`

func scanPayment(row interface{ Scan(...any) error }) (*domain.Payment, error) {
	var p domain.Payment
	if err := row.Scan(&p.ID, &p.InvoiceID, &p.CustomerID, &p.Method, &p.AmountCents, &p.Status,
		&p.ProviderRef, &p.IdempotencyKey, &p.FailureReason, &p.CreatedAt); err != nil {
		return nil, db.NotFound(err)
	}
	return &p, nil
}

// Open inserts a pending payment under the customer's idempotency key and
// returns the payment stored for that key, whether new or existing.
func (Payments) Open(ctx context.Context, q db.Querier, p *domain.Payment) (*domain.Payment, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO payments (id, invoice_id, customer_id, method, amount_cents, status, idempotency_key)
		VALUES ($1, $2, $3, $4, $5, 'PENDING', $6)
		ON CONFLICT (customer_id, idempotency_key) DO NOTHING`,
		p.ID, p.InvoiceID, p.CustomerID, p.Method, p.AmountCents, p.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	return scanPayment(q.QueryRowContext(ctx, `
		SELECT `+paymentCols+` FROM payments WHERE customer_id = $1 AND idempotency_key = $2`,
		p.CustomerID, p.IdempotencyKey))
}

// ByKey finds the payment a customer made under an idempotency key.
func (Payments) ByKey(ctx context.Context, q db.Querier, customerID, key string) (*domain.Payment, error) {
	return scanPayment(q.QueryRowContext(ctx, `
		SELECT `+paymentCols+` FROM payments WHERE customer_id = $1 AND idempotency_key = $2`,
		customerID, key))
}

// Get loads a payment.
func (Payments) Get(ctx context.Context, q db.Querier, id string) (*domain.Payment, error) {
	return scanPayment(q.QueryRowContext(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id))
}

// ByProviderRef finds the payment a provider reference belongs to.
func (Payments) ByProviderRef(ctx context.Context, q db.Querier, ref string) (*domain.Payment, error) {
	return scanPayment(q.QueryRowContext(ctx, `SELECT `+paymentCols+` FROM payments WHERE provider_ref = $1`, ref))
}

// SetStatus moves a payment to status and records the provider reference.
func (Payments) SetStatus(ctx context.Context, q db.Querier, id, status, providerRef, reason string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payments
		SET status = $2, provider_ref = COALESCE(NULLIF($3, ''), provider_ref),
		    failure_reason = NULLIF($4, ''), updated_at = now()
		WHERE id = $1`, id, status, providerRef, reason)
	return err
}

// Submit records the provider reference of a pending payment.
func (Payments) Submit(ctx context.Context, q db.Querier, id, providerRef string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payments SET status = 'SUBMITTED', provider_ref = $2, updated_at = now()
		WHERE id = $1 AND status = 'PENDING'`, id, providerRef)
	return err
}

// Settle moves a payment from one of the given statuses to status. It
// reports whether the transition happened.
func (Payments) Settle(ctx context.Context, q db.Querier, id, status, reason string, from ...string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE payments SET status = $2, failure_reason = NULLIF($3, ''), updated_at = now()
		WHERE id = $1 AND status = ANY($4)`, id, status, reason, stringArray(from))
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// OpenRefund inserts a pending refund for a payment and returns the refund
// stored for it. A payment is refunded at most once.
func (Payments) OpenRefund(ctx context.Context, q db.Querier, r *domain.Refund) (*domain.Refund, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO refunds (id, payment_id, amount_cents, reason) VALUES ($1, $2, $3, $4)
		ON CONFLICT (payment_id) DO NOTHING`, r.ID, r.PaymentID, r.AmountCents, r.Reason)
	if err != nil {
		return nil, err
	}
	var out domain.Refund
	var ref sql.NullString
	err = q.QueryRowContext(ctx, `
		SELECT id, payment_id, amount_cents, reason, status, provider_ref
		FROM refunds WHERE payment_id = $1`, r.PaymentID).
		Scan(&out.ID, &out.PaymentID, &out.AmountCents, &out.Reason, &out.Status, &ref)
	if err != nil {
		return nil, err
	}
	out.ProviderRef = ref.String
	return &out, nil
}

// SetRefundStatus records the provider's answer for a refund.
func (Payments) SetRefundStatus(ctx context.Context, q db.Querier, id, status, providerRef string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE refunds SET status = $2, provider_ref = COALESCE(NULLIF($3, ''), provider_ref)
		WHERE id = $1`, id, status, providerRef)
	return err
}
