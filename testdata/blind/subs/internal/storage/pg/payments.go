package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type PaymentRepo struct{ db sqlx.ExtContext }

func NewPaymentRepo(db sqlx.ExtContext) *PaymentRepo { return &PaymentRepo{db: db} }

func (r *PaymentRepo) WithTx(tx sqlx.ExtContext) billing.PaymentRepository {
	return &PaymentRepo{db: tx}
}

const attemptCols = `id, invoice_id, kind, client_ref, amount_cents, currency, status,
	stripe_payment_intent, failure_code, created_at, updated_at`

func (r *PaymentRepo) EnsureAttempt(ctx context.Context, a billing.PaymentAttempt) (billing.PaymentAttempt, error) {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO payment_attempts (id, invoice_id, kind, client_ref, amount_cents, currency, status)
		VALUES (:id, :invoice_id, :kind, :client_ref, :amount_cents, :currency, 'pending')
		ON CONFLICT (invoice_id, kind, client_ref) DO NOTHING`, a)
	if err != nil {
		return billing.PaymentAttempt{}, mapErr("payments.ensure_attempt", err)
	}
	var stored billing.PaymentAttempt
	err = sqlx.GetContext(ctx, r.db, &stored, `
		SELECT `+attemptCols+` FROM payment_attempts
		 WHERE invoice_id = $1 AND kind = $2 AND client_ref = $3`, a.InvoiceID, a.Kind, a.ClientRef)
	return stored, mapErr("payments.ensure_attempt.select", err)
}

func (r *PaymentRepo) MarkSucceeded(ctx context.Context, id, paymentIntentID string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE payment_attempts
		   SET status = 'succeeded', stripe_payment_intent = $2, updated_at = now()
		 WHERE id = $1`, id, paymentIntentID)
	if err != nil {
		return mapErr("payments.mark_succeeded", err)
	}
	return expectOne("payments.mark_succeeded", res)
}

func (r *PaymentRepo) MarkFailed(ctx context.Context, id, failureCode string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE payment_attempts
		   SET status = 'failed', failure_code = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, failureCode)
	if err != nil {
		return mapErr("payments.mark_failed", err)
	}
	return expectOne("payments.mark_failed", res)
}

func (r *PaymentRepo) LatestSucceeded(ctx context.Context, invoiceID string) (billing.PaymentAttempt, error) {
	var a billing.PaymentAttempt
	err := sqlx.GetContext(ctx, r.db, &a, `
		SELECT `+attemptCols+` FROM payment_attempts
		 WHERE invoice_id = $1 AND status = 'succeeded'
		 ORDER BY updated_at DESC LIMIT 1`, invoiceID)
	return a, mapErr("payments.latest_succeeded", err)
}

func (r *PaymentRepo) InsertRefund(ctx context.Context, rf billing.Refund) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO refunds (id, invoice_id, stripe_refund_id, amount_cents, reason)
		VALUES (:id, :invoice_id, :stripe_refund_id, :amount_cents, :reason)`, rf)
	return mapErr("payments.insert_refund", err)
}
