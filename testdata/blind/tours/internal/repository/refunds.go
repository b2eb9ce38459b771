package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// RefundRepo persists cancellations and the refunds they produce.
type RefundRepo struct {
	db *db.DB
}

// NewRefundRepo constructs a RefundRepo.
func NewRefundRepo(d *db.DB) *RefundRepo { return &RefundRepo{db: d} }

const refundColumns = `id, booking_id, payment_id, cancellation_id, amount_cents, currency, status,
	stripe_refund_id, created_at, completed_at`

// InsertCancellation records the cancellation terms of a booking.
func (r *RefundRepo) InsertCancellation(ctx context.Context, c *domain.Cancellation) error {
	const q = `INSERT INTO cancellations (id, booking_id, tier, refund_pct, refund_cents, reason)
		VALUES (:id, :booking_id, :tier, :refund_pct, :refund_cents, :reason)`
	_, err := r.db.Conn(ctx).NamedExecContext(ctx, q, c)
	return conflict("cancellations.insert", err)
}

// GetCancellationByBooking loads a booking's cancellation.
func (r *RefundRepo) GetCancellationByBooking(ctx context.Context, bookingID string) (*domain.Cancellation, error) {
	var c domain.Cancellation
	err := r.db.Conn(ctx).GetContext(ctx, &c,
		`SELECT id, booking_id, tier, refund_pct, refund_cents, reason, created_at FROM cancellations WHERE booking_id = $1`, bookingID)
	if err != nil {
		return nil, notFound("cancellations.get_by_booking", err)
	}
	return &c, nil
}

// Create records a refund to issue. A refund already recorded for the same
// cancellation and payment is left as it is.
func (r *RefundRepo) Create(ctx context.Context, rf *domain.Refund) error {
	const q = `INSERT INTO refunds (id, booking_id, payment_id, cancellation_id, amount_cents, currency, status)
		VALUES (:id, :booking_id, :payment_id, :cancellation_id, :amount_cents, :currency, :status)
		ON CONFLICT (cancellation_id, payment_id) DO NOTHING`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, rf); err != nil {
		return fmt.Errorf("refunds.create: %w", err)
	}
	return nil
}

// Get loads a refund.
func (r *RefundRepo) Get(ctx context.Context, id string) (*domain.Refund, error) {
	var rf domain.Refund
	err := r.db.Conn(ctx).GetContext(ctx, &rf, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("refunds.get", err)
	}
	return &rf, nil
}

// ListByCancellation returns the refunds of a cancellation.
func (r *RefundRepo) ListByCancellation(ctx context.Context, cancellationID string) ([]domain.Refund, error) {
	var out []domain.Refund
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+refundColumns+` FROM refunds WHERE cancellation_id = $1 ORDER BY created_at`, cancellationID)
	if err != nil {
		return nil, fmt.Errorf("refunds.list_by_cancellation: %w", err)
	}
	return out, nil
}

// MarkSubmitted stores the Stripe refund ID once Stripe has accepted it.
func (r *RefundRepo) MarkSubmitted(ctx context.Context, id, stripeRefundID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE refunds SET status = 'submitted', stripe_refund_id = $2
		 WHERE id = $1 AND status = 'pending'`, id, stripeRefundID)
	if err != nil {
		return fmt.Errorf("refunds.mark_submitted: %w", err)
	}
	return nil
}

// CompleteByStripeID marks a refund finished with the outcome Stripe reported.
// It reports whether the row changed.
func (r *RefundRepo) CompleteByStripeID(ctx context.Context, stripeRefundID string, status domain.RefundStatus) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE refunds SET status = $2, completed_at = now()
		 WHERE stripe_refund_id = $1 AND status IN ('pending', 'submitted')`, stripeRefundID, string(status)))
	if err != nil {
		return false, fmt.Errorf("refunds.complete: %w", err)
	}
	return n == 1, nil
}
