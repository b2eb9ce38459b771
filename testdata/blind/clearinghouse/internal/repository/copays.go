package repository

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// CopayRepo persists card co-pay payments.
type CopayRepo struct{}

func NewCopayRepo() *CopayRepo { return &CopayRepo{} }

const copayColumns = `id, statement_id, patient_account_id, practice_id, client_reference, amount_cents,
	stripe_payment_intent_id, status, created_at, updated_at`

// InsertIfAbsent records the payment intent row keyed by
// (statement, client reference) and returns the stored row.
func (r *CopayRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, p *domain.CopayPayment) (*domain.CopayPayment, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO copay_payments (id, statement_id, patient_account_id, practice_id, client_reference, amount_cents, status, created_at, updated_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8)
		ON CONFLICT (statement_id, client_reference) DO NOTHING`,
		p.ID, p.StatementID, p.PatientAccountID, p.PracticeID, p.ClientReference, p.AmountCents, p.Status, p.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("insert copay: %w", err)
	}
	var stored domain.CopayPayment
	err = sqlx.GetContext(ctx, q, &stored, `SELECT `+copayColumns+` FROM copay_payments
		WHERE statement_id = $1 AND client_reference = $2`, p.StatementID, p.ClientReference)
	if err != nil {
		return nil, fmt.Errorf("load copay: %w", err)
	}
	return &stored, nil
}

// Get loads a co-pay payment.
func (r *CopayRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.CopayPayment, error) {
	var p domain.CopayPayment
	err := sqlx.GetContext(ctx, q, &p, `SELECT `+copayColumns+` FROM copay_payments WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("copay payment %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get copay: %w", err)
	}
	return &p, nil
}

// GetByIntent resolves a payment by its Stripe PaymentIntent id.
func (r *CopayRepo) GetByIntent(ctx context.Context, q sqlx.ExtContext, intentID string) (*domain.CopayPayment, error) {
	var p domain.CopayPayment
	err := sqlx.GetContext(ctx, q, &p, `SELECT `+copayColumns+` FROM copay_payments
		WHERE stripe_payment_intent_id = $1`, intentID)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("copay for intent %s not found", intentID)
	}
	if err != nil {
		return nil, fmt.Errorf("get copay by intent: %w", err)
	}
	return &p, nil
}

// AttachIntent stores the PaymentIntent id and status returned by Stripe.
func (r *CopayRepo) AttachIntent(ctx context.Context, q sqlx.ExtContext, id, intentID, status string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE copay_payments SET stripe_payment_intent_id = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, intentID, status)
	return err
}

// Transition moves the payment from one status to another and reports
// whether it did.
func (r *CopayRepo) Transition(ctx context.Context, q sqlx.ExtContext, id, from, to string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE copay_payments SET status = $3, updated_at = now()
		WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, fmt.Errorf("transition copay: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RefundRepo persists co-pay refunds.
type RefundRepo struct{}

func NewRefundRepo() *RefundRepo { return &RefundRepo{} }

// InsertIfAbsent records the refund keyed by (payment, request id) and
// returns the stored row.
func (r *RefundRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, rf *domain.CopayRefund) (*domain.CopayRefund, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO copay_refunds (id, payment_id, refund_request_id, amount_cents, reason, status, created_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7)
		ON CONFLICT (payment_id, refund_request_id) DO NOTHING`,
		rf.ID, rf.PaymentID, rf.RefundRequestID, rf.AmountCents, rf.Reason, rf.Status, rf.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("insert refund: %w", err)
	}
	var stored domain.CopayRefund
	err = sqlx.GetContext(ctx, q, &stored, `
		SELECT id, payment_id, refund_request_id, amount_cents, reason, stripe_refund_id, status, created_at
		FROM copay_refunds WHERE payment_id = $1 AND refund_request_id = $2`, rf.PaymentID, rf.RefundRequestID)
	if err != nil {
		return nil, fmt.Errorf("load refund: %w", err)
	}
	return &stored, nil
}

// RefundedTotal sums non-failed refunds of a payment.
func (r *RefundRepo) RefundedTotal(ctx context.Context, q sqlx.ExtContext, paymentID string) (int64, error) {
	var total int64
	err := sqlx.GetContext(ctx, q, &total, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM copay_refunds
		WHERE payment_id = $1 AND status <> 'failed'`, paymentID)
	return total, err
}

// MarkResult stores Stripe's refund id and status.
func (r *RefundRepo) MarkResult(ctx context.Context, q sqlx.ExtContext, id, stripeRefundID, status string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE copay_refunds SET stripe_refund_id = $2, status = $3 WHERE id = $1`, id, stripeRefundID, status)
	return err
}
