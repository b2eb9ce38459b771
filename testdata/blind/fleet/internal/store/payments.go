package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Payments struct{}

func NewPayments() *Payments { return &Payments{} }

// LogAttempt appends one processing attempt to the attempts log.
func (Payments) LogAttempt(ctx context.Context, q db.Ext, a domain.PaymentAttempt) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO payment_attempts (id, command_id, receive_cnt, started_at) VALUES ($1, $2, $3, $4)`,
		a.ID, a.CommandID, a.ReceiveCount, a.StartedAt)
	return err
}

func (Payments) Get(ctx context.Context, q db.Ext, commandID string) (domain.Payment, error) {
	var p domain.Payment
	err := q.GetContext(ctx, &p, `SELECT * FROM payments WHERE command_id = $1`, commandID)
	return p, notFound(err, "payment")
}

// InsertPending records a command before the card is charged. A command
// that is already recorded is left as it is.
func (Payments) InsertPending(ctx context.Context, q db.Ext, p domain.Payment) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO payments (command_id, customer_id, subject_type, subject_id, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (command_id) DO NOTHING`, p.CommandID, p.CustomerID, p.SubjectType, p.SubjectID, p.AmountCents)
	return err
}

func (Payments) MarkSucceeded(ctx context.Context, q db.Ext, commandID, intentID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payments SET status = 'succeeded', intent_id = $2, error = '', updated_at = now()
		 WHERE command_id = $1`, commandID, intentID)
	return err
}

func (Payments) MarkFailed(ctx context.Context, q db.Ext, commandID, msg string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payments SET status = 'failed', error = $2, updated_at = now()
		 WHERE command_id = $1 AND status <> 'succeeded'`, commandID, msg)
	return err
}

// LatestIntentForRental returns the most recent successful card payment
// made for the charges of a rental.
func (Payments) LatestIntentForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) (string, int64, error) {
	var row struct {
		IntentID    string `db:"intent_id"`
		AmountCents int64  `db:"amount_cents"`
	}
	err := q.GetContext(ctx, &row, `
		SELECT p.intent_id, p.amount_cents FROM payments p
		  JOIN rental_charges c ON p.subject_type = 'rental_charge' AND c.id::text = p.subject_id
		 WHERE c.rental_id = $1 AND p.status = 'succeeded'
		 ORDER BY p.updated_at DESC LIMIT 1`, rentalID)
	return row.IntentID, row.AmountCents, notFound(err, "payment")
}

type Refunds struct{}

func NewRefunds() *Refunds { return &Refunds{} }

func (Refunds) Insert(ctx context.Context, q db.Ext, r domain.Refund) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO refunds (id, rental_id, intent_id, stripe_refund_id, amount_cents, reason, issued_by)
		VALUES (:id, :rental_id, :intent_id, :stripe_refund_id, :amount_cents, :reason, :issued_by)`, r)
	return err
}

// TotalForRental sums the refunds already issued for a rental.
func (Refunds) TotalForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) (int64, error) {
	var total int64
	err := q.GetContext(ctx, &total, `SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE rental_id = $1`, rentalID)
	return total, err
}

// SettlementRuns records nightly settlement runs.
type SettlementRuns struct{}

func NewSettlementRuns() *SettlementRuns { return &SettlementRuns{} }

// Record stores (or refreshes) the outcome of the run for a business date.
func (SettlementRuns) Record(ctx context.Context, q db.Ext, businessDate time.Time, submitted int) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO settlement_runs (business_date, submitted, finished_at) VALUES ($1, $2, now())
		ON CONFLICT (business_date) DO UPDATE
		   SET submitted = settlement_runs.submitted + EXCLUDED.submitted, finished_at = now()`,
		businessDate, submitted)
	return err
}
