package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// PaymentRepo persists payments and their attempt log.
type PaymentRepo struct {
	db *db.DB
}

// NewPaymentRepo constructs a PaymentRepo.
func NewPaymentRepo(d *db.DB) *PaymentRepo { return &PaymentRepo{db: d} }

const paymentColumns = `id, booking_id, kind, amount_cents, currency, status, stripe_payment_intent_id,
	method, external_ref, created_at, succeeded_at`

// EnsureCardPayment records the intent to take a card deposit or balance.
// There is at most one of each per booking; if the row exists it is returned
// as stored, including its original ID.
func (r *PaymentRepo) EnsureCardPayment(ctx context.Context, p *domain.Payment) (*domain.Payment, error) {
	const q = `INSERT INTO payments (id, booking_id, kind, amount_cents, currency, status, method)
		VALUES (:id, :booking_id, :kind, :amount_cents, :currency, :status, 'card')
		ON CONFLICT (booking_id, kind) WHERE kind IN ('deposit', 'balance') DO NOTHING`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, p); err != nil {
		return nil, fmt.Errorf("payments.ensure_card: %w", err)
	}
	var out domain.Payment
	err := r.db.Conn(ctx).GetContext(ctx, &out,
		`SELECT `+paymentColumns+` FROM payments WHERE booking_id = $1 AND kind = $2`, p.BookingID, p.Kind)
	if err != nil {
		return nil, notFound("payments.ensure_card_reload", err)
	}
	return &out, nil
}

// InsertManual records a payment received outside Stripe (bank transfer,
// agent settlement) as already succeeded.
func (r *PaymentRepo) InsertManual(ctx context.Context, p *domain.Payment) error {
	const q = `INSERT INTO payments (id, booking_id, kind, amount_cents, currency, status, method, external_ref, succeeded_at)
		VALUES (:id, :booking_id, 'manual', :amount_cents, :currency, 'succeeded', :method, :external_ref, now())`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, p); err != nil {
		return fmt.Errorf("payments.insert_manual: %w", err)
	}
	return nil
}

// Get loads a payment.
func (r *PaymentRepo) Get(ctx context.Context, id string) (*domain.Payment, error) {
	var p domain.Payment
	err := r.db.Conn(ctx).GetContext(ctx, &p, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("payments.get", err)
	}
	return &p, nil
}

// AttachIntent stores the PaymentIntent created for a payment and its status.
func (r *PaymentRepo) AttachIntent(ctx context.Context, id, intentID string, status domain.PaymentStatus) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE payments SET stripe_payment_intent_id = $2,
			status = CASE WHEN status = 'succeeded' THEN status ELSE $3 END
		 WHERE id = $1`, id, intentID, string(status))
	if err != nil {
		return fmt.Errorf("payments.attach_intent: %w", err)
	}
	return nil
}

// MarkSucceededByIntent flips a payment to succeeded. It returns the payment
// and whether this call made the change.
func (r *PaymentRepo) MarkSucceededByIntent(ctx context.Context, intentID string) (*domain.Payment, bool, error) {
	var p domain.Payment
	err := r.db.Conn(ctx).GetContext(ctx, &p,
		`UPDATE payments SET status = 'succeeded', succeeded_at = now()
		 WHERE stripe_payment_intent_id = $1 AND status <> 'succeeded'
		 RETURNING `+paymentColumns, intentID)
	if err == nil {
		return &p, true, nil
	}
	if !db.IsNoRows(err) {
		return nil, false, fmt.Errorf("payments.mark_succeeded: %w", err)
	}
	err = r.db.Conn(ctx).GetContext(ctx, &p,
		`SELECT `+paymentColumns+` FROM payments WHERE stripe_payment_intent_id = $1`, intentID)
	if err != nil {
		return nil, false, notFound("payments.mark_succeeded_reload", err)
	}
	return &p, false, nil
}

// MarkFailedByIntent records a failed card payment.
func (r *PaymentRepo) MarkFailedByIntent(ctx context.Context, intentID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE payments SET status = 'failed' WHERE stripe_payment_intent_id = $1 AND status <> 'succeeded'`, intentID)
	if err != nil {
		return fmt.Errorf("payments.mark_failed: %w", err)
	}
	return nil
}

// ListSucceeded returns a booking's successful payments, oldest first.
func (r *PaymentRepo) ListSucceeded(ctx context.Context, bookingID string) ([]domain.Payment, error) {
	var out []domain.Payment
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+paymentColumns+` FROM payments WHERE booking_id = $1 AND status = 'succeeded' ORDER BY created_at`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("payments.list_succeeded: %w", err)
	}
	return out, nil
}

// LogAttempt appends to the attempt log. Rows are never updated.
func (r *PaymentRepo) LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error {
	const q = `INSERT INTO payment_attempts (id, payment_id, outcome, detail, attempted_at)
		VALUES (:id, :payment_id, :outcome, :detail, :attempted_at)`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, a); err != nil {
		return fmt.Errorf("payments.log_attempt: %w", err)
	}
	return nil
}
