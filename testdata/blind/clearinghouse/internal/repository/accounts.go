package repository

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// PracticeRepo reads practices.
type PracticeRepo struct{}

func NewPracticeRepo() *PracticeRepo { return &PracticeRepo{} }

// Get loads a practice.
func (r *PracticeRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Practice, error) {
	var p domain.Practice
	err := sqlx.GetContext(ctx, q, &p, `
		SELECT id, name, npi, tax_id, stripe_account_id, webhook_url, webhook_secret, created_at
		FROM practices WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("practice %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get practice: %w", err)
	}
	return &p, nil
}

// PatientAccountRepo reads and updates patient accounts.
type PatientAccountRepo struct{}

func NewPatientAccountRepo() *PatientAccountRepo { return &PatientAccountRepo{} }

// Get loads a patient account.
func (r *PatientAccountRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.PatientAccount, error) {
	var a domain.PatientAccount
	err := sqlx.GetContext(ctx, q, &a, `
		SELECT id, practice_id, account_number, patient_name, phone, sms_opt_in, mailing_address, balance_cents, created_at
		FROM patient_accounts WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("patient account %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get patient account: %w", err)
	}
	return &a, nil
}

// AddBalance adds delta (which may be negative) to the account balance.
func (r *PatientAccountRepo) AddBalance(ctx context.Context, q sqlx.ExtContext, id string, delta int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE patient_accounts SET balance_cents = balance_cents + $2 WHERE id = $1`, id, delta)
	if err != nil {
		return fmt.Errorf("adjust balance: %w", err)
	}
	return nil
}

// AdjustmentRepo persists manual adjustments.
type AdjustmentRepo struct{}

func NewAdjustmentRepo() *AdjustmentRepo { return &AdjustmentRepo{} }

// Insert writes an adjustment.
func (r *AdjustmentRepo) Insert(ctx context.Context, q sqlx.ExtContext, a *domain.Adjustment) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO account_adjustments (id, practice_id, patient_account_id, claim_id, amount_cents, reason_code, note, created_by, created_at)
		VALUES (:id, :practice_id, :patient_account_id, :claim_id, :amount_cents, :reason_code, :note, :created_by, :created_at)`, a)
	if err != nil {
		return fmt.Errorf("insert adjustment: %w", err)
	}
	return nil
}

// PlanRepo persists payment plans.
type PlanRepo struct{}

func NewPlanRepo() *PlanRepo { return &PlanRepo{} }

// Insert writes a plan and its installments.
func (r *PlanRepo) Insert(ctx context.Context, q sqlx.ExtContext, p *domain.PaymentPlan) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO payment_plans (id, patient_account_id, total_cents, installment_count, first_due_date, status, created_at)
		VALUES (:id, :patient_account_id, :total_cents, :installment_count, :first_due_date, :status, :created_at)`, p)
	if err != nil {
		return fmt.Errorf("insert payment plan: %w", err)
	}
	for _, in := range p.Installments {
		_, err := q.ExecContext(ctx, `
			INSERT INTO payment_plan_installments (plan_id, seq, due_date, amount_cents, status)
			VALUES ($1,$2,$3,$4,$5)`, p.ID, in.Seq, in.DueDate, in.AmountCents, in.Status)
		if err != nil {
			return fmt.Errorf("insert installment %d: %w", in.Seq, err)
		}
	}
	return nil
}

// StripeEventRepo records Stripe webhook events already applied.
type StripeEventRepo struct{}

func NewStripeEventRepo() *StripeEventRepo { return &StripeEventRepo{} }

// Record inserts the event id and reports whether it was new.
func (r *StripeEventRepo) Record(ctx context.Context, q sqlx.ExtContext, eventID, eventType string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1,$2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("record stripe event: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PracticeNotificationRepo tracks outbound webhooks to practices.
type PracticeNotificationRepo struct{}

func NewPracticeNotificationRepo() *PracticeNotificationRepo { return &PracticeNotificationRepo{} }

// Ensure creates the notification row for an event id if missing and
// returns its delivery status.
func (r *PracticeNotificationRepo) Ensure(ctx context.Context, q sqlx.ExtContext, eventID, practiceID, eventType string) (string, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO practice_notifications (event_id, practice_id, event_type, status)
		VALUES ($1,$2,$3,'pending')
		ON CONFLICT (event_id) DO NOTHING`, eventID, practiceID, eventType)
	if err != nil {
		return "", fmt.Errorf("ensure practice notification: %w", err)
	}
	var status string
	err = sqlx.GetContext(ctx, q, &status, `SELECT status FROM practice_notifications WHERE event_id = $1`, eventID)
	return status, err
}

// RecordAttempt bumps the attempt counter and, on success, marks delivery.
func (r *PracticeNotificationRepo) RecordAttempt(ctx context.Context, q sqlx.ExtContext, eventID string, delivered bool) error {
	_, err := q.ExecContext(ctx, `
		UPDATE practice_notifications
		SET attempts = attempts + 1,
		    status = CASE WHEN $2 THEN 'delivered' ELSE status END,
		    delivered_at = CASE WHEN $2 THEN now() ELSE delivered_at END
		WHERE event_id = $1`, eventID, delivered)
	return err
}

// PayerRepo reads payers.
type PayerRepo struct{}

func NewPayerRepo() *PayerRepo { return &PayerRepo{} }

// Get loads a payer.
func (r *PayerRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Payer, error) {
	var p domain.Payer
	err := sqlx.GetContext(ctx, q, &p, `
		SELECT id, name, payer_code, supports_attachments FROM payers WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("payer %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get payer: %w", err)
	}
	return &p, nil
}
