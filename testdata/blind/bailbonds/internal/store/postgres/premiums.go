package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/premiums"
)

// Payments implements premiums.PaymentRepository.
type Payments struct{}

const paymentColumns = `id, application_id, installment_no, amount_cents, stripe_payment_intent_id, status`

// UpsertPending makes sure there is one payment row for the application's
// installment and loads the stored row into p. A row still pending (say,
// after a declined card) takes the new amount.
func (Payments) UpsertPending(ctx context.Context, db sqlx.ExtContext, p *premiums.Payment) error {
	return sqlx.GetContext(ctx, db, p, `
		INSERT INTO premium_payments (id, application_id, installment_no, amount_cents, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (application_id, installment_no) DO UPDATE
		   SET amount_cents = CASE WHEN premium_payments.status = 'pending' THEN EXCLUDED.amount_cents
		                           ELSE premium_payments.amount_cents END,
		       updated_at = now()
		RETURNING `+paymentColumns, p.ID, p.ApplicationID, p.InstallmentNo, p.AmountCents)
}

// AttachIntent records the PaymentIntent a charge created.
func (Payments) AttachIntent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, intentID, status string) error {
	_, err := db.ExecContext(ctx, `
		UPDATE premium_payments SET stripe_payment_intent_id = $2, status = $3, updated_at = now()
		 WHERE id = $1`, id, intentID, status)
	return err
}

// MarkSucceeded settles the payment for a PaymentIntent. It returns nil when
// the payment was already settled or is not a premium payment.
func (Payments) MarkSucceeded(ctx context.Context, db sqlx.ExtContext, intentID string, at time.Time) (*premiums.Payment, error) {
	var p premiums.Payment
	err := sqlx.GetContext(ctx, db, &p, `
		UPDATE premium_payments SET status = 'succeeded', succeeded_at = $2, updated_at = now()
		 WHERE stripe_payment_intent_id = $1 AND status <> 'succeeded'
		RETURNING `+paymentColumns, intentID, at)
	if database.NoRows(err) {
		return nil, nil
	}
	return &p, err
}

// MarkRefunded flags the payment for a PaymentIntent as refunded.
func (Payments) MarkRefunded(ctx context.Context, db sqlx.ExtContext, intentID string, at time.Time) (*premiums.Payment, error) {
	var p premiums.Payment
	err := sqlx.GetContext(ctx, db, &p, `
		UPDATE premium_payments SET status = 'refunded', refunded_at = $2, updated_at = now()
		 WHERE stripe_payment_intent_id = $1
		RETURNING `+paymentColumns, intentID, at)
	if database.NoRows(err) {
		return nil, nil
	}
	return &p, err
}

// GetByIntent reads the payment for a PaymentIntent.
func (Payments) GetByIntent(ctx context.Context, db sqlx.ExtContext, intentID string) (*premiums.Payment, error) {
	var p premiums.Payment
	err := sqlx.GetContext(ctx, db, &p, `SELECT `+paymentColumns+` FROM premium_payments WHERE stripe_payment_intent_id = $1`, intentID)
	if database.NoRows(err) {
		return nil, apperr.NotFound("payment for intent %s", intentID)
	}
	return &p, err
}

// PremiumDue sums what has been paid and financed against an application.
func (Payments) PremiumDue(ctx context.Context, db sqlx.ExtContext, appID uuid.UUID) (*premiums.Due, error) {
	var d premiums.Due
	err := sqlx.GetContext(ctx, db, &d, `
		SELECT a.id AS application_id, a.premium_cents, a.defendant_email,
		       COALESCE((SELECT sum(financed_cents) FROM payment_plans WHERE application_id = a.id), 0) AS financed_cents,
		       COALESCE((SELECT sum(amount_cents) FROM premium_payments
		                  WHERE application_id = a.id AND status = 'succeeded'), 0) AS paid_cents
		  FROM bond_applications a WHERE a.id = $1`, appID)
	if database.NoRows(err) {
		return nil, apperr.NotFound("application %s", appID)
	}
	return &d, err
}

// Plans implements premiums.PlanRepository.
type Plans struct{}

// InsertPlan writes a plan.
func (Plans) InsertPlan(ctx context.Context, db sqlx.ExtContext, p *premiums.Plan) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO payment_plans (id, application_id, stripe_customer_id, stripe_payment_method_id, financed_cents, installments)
		VALUES (:id, :application_id, :stripe_customer_id, :stripe_payment_method_id, :financed_cents, :installments)`, p)
	return err
}

// InsertInstallments writes a plan's schedule.
func (Plans) InsertInstallments(ctx context.Context, db sqlx.ExtContext, items []premiums.Installment) error {
	if len(items) == 0 {
		return nil
	}
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO plan_installments (plan_id, seq, due_on, amount_cents, status)
		VALUES (:plan_id, :seq, :due_on, :amount_cents, :status)`, items)
	return err
}

// ListDue returns scheduled installments due on or before asOf.
func (Plans) ListDue(ctx context.Context, db sqlx.ExtContext, asOf time.Time, limit int) ([]premiums.DueInstallment, error) {
	var out []premiums.DueInstallment
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT i.plan_id, i.seq, i.due_on, i.amount_cents, i.status,
		       p.application_id, p.stripe_customer_id, p.stripe_payment_method_id
		  FROM plan_installments i JOIN payment_plans p ON p.id = i.plan_id
		 WHERE i.status = 'scheduled' AND i.due_on <= $1::date
		 ORDER BY i.due_on, i.plan_id, i.seq
		 LIMIT $2`, asOf.Format("2006-01-02"), limit)
	return out, err
}

// MarkCharged records a successful installment charge.
func (Plans) MarkCharged(ctx context.Context, db sqlx.ExtContext, planID uuid.UUID, seq int, intentID string, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE plan_installments SET status = 'charged', stripe_payment_intent_id = $3, charged_at = $4
		 WHERE plan_id = $1 AND seq = $2`, planID, seq, intentID, at)
	return err
}

// MarkChargeFailed records a declined installment.
func (Plans) MarkChargeFailed(ctx context.Context, db sqlx.ExtContext, planID uuid.UUID, seq int, reason string) error {
	_, err := db.ExecContext(ctx, `
		UPDATE plan_installments SET status = 'declined', last_error = $3
		 WHERE plan_id = $1 AND seq = $2`, planID, seq, reason)
	return err
}
