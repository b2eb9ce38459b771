package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

type PaymentRepo struct{ base }

func NewPaymentRepo(db *sqlx.DB) *PaymentRepo { return &PaymentRepo{base{db}} }

// RecordAttempt writes the audit row for one card authorisation attempt.
func (r *PaymentRepo) RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO payment_attempts (id, loan_id, purpose, amount_cents, idempotency_key)
		VALUES ($1, $2, $3, $4, $5)`,
		a.ID, a.LoanID, a.Purpose, a.Amount, a.IdempotencyKey)
	return mapErr(err)
}

func (r *PaymentRepo) FinishAttempt(ctx context.Context, id uuid.UUID, outcome string, errMsg string) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		UPDATE payment_attempts SET outcome = $2, error_message = NULLIF($3, ''), finished_at = now()
		WHERE id = $1`, id, outcome, errMsg)
	return mapErr(err)
}

const paymentColumns = `id, loan_id, method, purpose, amount_cents, stripe_payment_intent_id,
	stripe_charge_id, cashier_id, refunded_at, created_at`

func (r *PaymentRepo) InsertPayment(ctx context.Context, p domain.Payment) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO payments (id, loan_id, method, purpose, amount_cents, stripe_payment_intent_id,
			stripe_charge_id, cashier_id, created_at)
		VALUES (:id, :loan_id, :method, :purpose, :amount_cents, :stripe_payment_intent_id,
			:stripe_charge_id, :cashier_id, :created_at)`, p)
	return mapErr(err)
}

func (r *PaymentRepo) GetPayment(ctx context.Context, id uuid.UUID) (domain.Payment, error) {
	var p domain.Payment
	err := r.q(ctx).GetContext(ctx, &p, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id)
	return p, mapErr(err)
}

// MarkRefunded flags a card payment refunded from Stripe's side. Returns
// false when it was already flagged or the charge is not ours.
func (r *PaymentRepo) MarkRefunded(ctx context.Context, chargeID string, at time.Time) (bool, error) {
	res, err := r.q(ctx).ExecContext(ctx, `
		UPDATE payments SET refunded_at = $2
		WHERE stripe_charge_id = $1 AND refunded_at IS NULL`, chargeID, at)
	if err != nil {
		return false, mapErr(err)
	}
	return affected(res)
}

func (r *PaymentRepo) MarkRefundedByID(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		UPDATE payments SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL`, id, at)
	return mapErr(err)
}

func (r *PaymentRepo) InsertRenewal(ctx context.Context, rn domain.Renewal) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO renewals (id, loan_id, payment_id, channel, interest_paid_cents,
			previous_due_date, new_due_date, stripe_payment_intent_id, created_at)
		VALUES (:id, :loan_id, :payment_id, :channel, :interest_paid_cents,
			:previous_due_date, :new_due_date, :stripe_payment_intent_id, :created_at)`, rn)
	return mapErr(err)
}

const redemptionColumns = `id, loan_id, payment_id, payoff_cents, status, receipt_sent_at,
	voided_at, void_reason, created_at`

func (r *PaymentRepo) InsertRedemption(ctx context.Context, rd domain.Redemption) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO redemptions (id, loan_id, payment_id, payoff_cents, status, created_at)
		VALUES (:id, :loan_id, :payment_id, :payoff_cents, :status, :created_at)`, rd)
	return mapErr(err)
}

func (r *PaymentRepo) GetRedemption(ctx context.Context, id uuid.UUID) (domain.Redemption, error) {
	var rd domain.Redemption
	err := r.q(ctx).GetContext(ctx, &rd, `SELECT `+redemptionColumns+` FROM redemptions WHERE id = $1`, id)
	return rd, mapErr(err)
}

// VoidRedemption flips a completed redemption to voided. It returns false if
// the redemption was already voided.
func (r *PaymentRepo) VoidRedemption(ctx context.Context, id uuid.UUID, reason string, at time.Time) (bool, error) {
	res, err := r.q(ctx).ExecContext(ctx, `
		UPDATE redemptions SET status = 'voided', voided_at = $2, void_reason = $3
		WHERE id = $1 AND status = 'completed'`, id, at, reason)
	if err != nil {
		return false, mapErr(err)
	}
	return affected(res)
}

func (r *PaymentRepo) MarkReceiptSent(ctx context.Context, redemptionID uuid.UUID, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE redemptions SET receipt_sent_at = $2 WHERE id = $1`, redemptionID, at))
}
