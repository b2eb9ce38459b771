package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/db"
)

// CopayRepo persists copay charges.
type CopayRepo struct {
	db *sqlx.DB
}

func NewCopayRepo(d *sqlx.DB) *CopayRepo { return &CopayRepo{db: d} }

func (r *CopayRepo) Insert(ctx context.Context, tx *sqlx.Tx, c *domain.Copay) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO copays (id, appointment_id, patient_id, amount_cents, currency, status, idempotency_key)
		VALUES (:id, :appointment_id, :patient_id, :amount_cents, :currency, :status, :idempotency_key)`, c)
	return err
}

func (r *CopayRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Copay, error) {
	c, err := db.GetOne[domain.Copay](ctx, r.db, `SELECT * FROM copays WHERE id = $1`, id)
	return c, mapNotFound(err)
}

func (r *CopayRepo) ByAppointment(ctx context.Context, q db.Querier, apptID uuid.UUID) (*domain.Copay, error) {
	c, err := db.GetOne[domain.Copay](ctx, q, `SELECT * FROM copays WHERE appointment_id = $1`, apptID)
	return c, mapNotFound(err)
}

// AttemptResult is what a charge attempt produced.
type AttemptResult struct {
	Status          string
	PaymentIntentID string
	FailureCode     string
}

// RecordAttempt stores the outcome of a charge attempt.
func (r *CopayRepo) RecordAttempt(ctx context.Context, id uuid.UUID, res AttemptResult) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE copays
		SET status = $2,
		    stripe_payment_intent_id = COALESCE(NULLIF($3, ''), stripe_payment_intent_id),
		    failure_code = NULLIF($4, ''),
		    attempts = attempts + 1,
		    updated_at = now()
		WHERE id = $1`, id, res.Status, res.PaymentIntentID, res.FailureCode)
	return err
}

// SetStatusByIntent applies a webhook-reported status. Terminal states are
// not overwritten by late, out-of-order events.
func (r *CopayRepo) SetStatusByIntent(ctx context.Context, tx *sqlx.Tx, paymentIntentID, status string) (int64, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE copays SET status = $2, updated_at = now()
		WHERE stripe_payment_intent_id = $1 AND status NOT IN ('refunded', 'waived')`,
		paymentIntentID, status)
	if err != nil {
		return 0, err
	}
	return db.Affected(res), nil
}

// RefundRepo persists copay refunds; one refund per copay.
type RefundRepo struct {
	db *sqlx.DB
}

func NewRefundRepo(d *sqlx.DB) *RefundRepo { return &RefundRepo{db: d} }

// Open records a pending refund unless one exists for the copay, and
// returns the refund row either way.
func (r *RefundRepo) Open(ctx context.Context, tx *sqlx.Tx, rf *domain.CopayRefund) (*domain.CopayRefund, error) {
	if _, err := tx.NamedExecContext(ctx, `
		INSERT INTO copay_refunds (id, copay_id, reason, amount_cents, idempotency_key, status, requested_by)
		VALUES (:id, :copay_id, :reason, :amount_cents, :idempotency_key, 'pending', :requested_by)
		ON CONFLICT (copay_id) DO NOTHING`, rf); err != nil {
		return nil, err
	}
	out, err := db.GetOne[domain.CopayRefund](ctx, tx, `SELECT * FROM copay_refunds WHERE copay_id = $1`, rf.CopayID)
	return out, mapNotFound(err)
}

func (r *RefundRepo) ByCopay(ctx context.Context, copayID uuid.UUID) (*domain.CopayRefund, error) {
	out, err := db.GetOne[domain.CopayRefund](ctx, r.db, `SELECT * FROM copay_refunds WHERE copay_id = $1`, copayID)
	return out, mapNotFound(err)
}

// Finish stores the provider outcome of a refund and, on success, moves the
// copay to refunded.
func (r *RefundRepo) Finish(ctx context.Context, id uuid.UUID, status, stripeRefundID string) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		var copayID uuid.UUID
		if err := tx.GetContext(ctx, &copayID, `
			UPDATE copay_refunds SET status = $2, stripe_refund_id = NULLIF($3, ''), updated_at = now()
			WHERE id = $1 RETURNING copay_id`, id, status, stripeRefundID); err != nil {
			return err
		}
		if status != "succeeded" {
			return nil
		}
		_, err := tx.ExecContext(ctx, `UPDATE copays SET status = 'refunded', updated_at = now() WHERE id = $1`, copayID)
		return err
	})
}

// WalletRepo keeps patient visit credit.
type WalletRepo struct {
	db *sqlx.DB
}

func NewWalletRepo(d *sqlx.DB) *WalletRepo { return &WalletRepo{db: d} }

// Credit adds an entry and moves the balance in one transaction.
func (r *WalletRepo) Credit(ctx context.Context, e *domain.WalletEntry) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		return r.CreditTx(ctx, tx, e)
	})
}

// CreditTx is Credit inside the caller's transaction.
func (r *WalletRepo) CreditTx(ctx context.Context, tx *sqlx.Tx, e *domain.WalletEntry) error {
	if _, err := tx.NamedExecContext(ctx, `
		INSERT INTO wallet_entries (id, patient_id, amount_cents, reason, reference, created_by)
		VALUES (:id, :patient_id, :amount_cents, :reason, :reference, :created_by)`, e); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `
		INSERT INTO patient_wallets (patient_id, balance_cents) VALUES ($1, $2)
		ON CONFLICT (patient_id) DO UPDATE
		SET balance_cents = patient_wallets.balance_cents + EXCLUDED.balance_cents, updated_at = now()`,
		e.PatientID, e.AmountCents)
	return err
}

// PayoutRepo accrues clinician earnings per pay period.
type PayoutRepo struct {
	db *sqlx.DB
}

func NewPayoutRepo(d *sqlx.DB) *PayoutRepo { return &PayoutRepo{db: d} }

// Accrue adds one completed visit and its rate to the clinician's period.
func (r *PayoutRepo) Accrue(ctx context.Context, clinicianID uuid.UUID, period string, cents int64) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(ctx, `
			INSERT INTO clinician_payouts (clinician_id, period, visits_completed, accrued_cents)
			VALUES ($1, $2, 1, $3)
			ON CONFLICT (clinician_id, period) DO UPDATE
			SET visits_completed = clinician_payouts.visits_completed + 1,
			    accrued_cents = clinician_payouts.accrued_cents + EXCLUDED.accrued_cents,
			    updated_at = now()`, clinicianID, period, cents)
		return err
	})
}

// PayPeriod returns the semi-monthly period label for t.
func PayPeriod(t time.Time) string {
	half := "a"
	if t.Day() > 15 {
		half = "b"
	}
	return t.Format("2006-01") + half
}

// BillingLine is a facility or professional charge line for a visit.
type BillingLine struct {
	ID            string    `db:"id"`
	AppointmentID uuid.UUID `db:"appointment_id"`
	Code          string    `db:"code"`
	Units         int       `db:"units"`
	AmountCents   int64     `db:"amount_cents"`
	Source        string    `db:"source"`
}

// BillingRepo writes charge lines.
type BillingRepo struct{}

func NewBillingRepo() *BillingRepo { return &BillingRepo{} }

func (BillingRepo) AddLine(ctx context.Context, tx *sqlx.Tx, l *BillingLine) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO billing_lines (id, appointment_id, code, units, amount_cents, source)
		VALUES (:id, :appointment_id, :code, :units, :amount_cents, :source)`, l)
	return err
}

// StripeEventRepo claims Stripe webhook event IDs.
type StripeEventRepo struct{}

func NewStripeEventRepo() *StripeEventRepo { return &StripeEventRepo{} }

func (StripeEventRepo) Claim(ctx context.Context, tx *sqlx.Tx, id, typ string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, typ)
	if err != nil {
		return false, err
	}
	return db.Affected(res) == 1, nil
}
