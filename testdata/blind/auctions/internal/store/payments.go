package store

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Payments persists payment attempts, payouts and processed Stripe events.
type Payments struct{}

// NewPayments returns a Payments repository.
func NewPayments() *Payments { return &Payments{} }

// OpenAttempt records the intent to charge under a stable operation ID and
// returns the attempt as stored, which may be one opened by an earlier
// delivery of the same request.
func (r *Payments) OpenAttempt(ctx context.Context, q pgdb.Querier, a domain.PaymentAttempt) (domain.PaymentAttempt, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO payment_attempts (op_id, order_id, amount_cents, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (op_id) DO NOTHING`, a.OpID, a.OrderID, a.AmountCents)
	if err != nil {
		return domain.PaymentAttempt{}, fmt.Errorf("payments: open attempt: %w", err)
	}
	var out domain.PaymentAttempt
	err = q.QueryRow(ctx, `
		SELECT op_id, order_id, amount_cents, status, coalesce(payment_intent_id, '')
		FROM payment_attempts WHERE op_id = $1`, a.OpID).Scan(
		&out.OpID, &out.OrderID, &out.AmountCents, &out.Status, &out.PaymentIntentID)
	if err != nil {
		return domain.PaymentAttempt{}, fmt.Errorf("payments: load attempt: %w", err)
	}
	return out, nil
}

// FinishAttempt records the provider's answer for an attempt.
func (r *Payments) FinishAttempt(ctx context.Context, q pgdb.Querier, opID, status, piID, failure string) error {
	_, err := q.Exec(ctx, `
		UPDATE payment_attempts
		SET status = $2, payment_intent_id = $3, failure_code = $4, updated_at = now()
		WHERE op_id = $1`, opID, status, nullable(piID), nullable(failure))
	if err != nil {
		return fmt.Errorf("payments: finish attempt: %w", err)
	}
	return nil
}

// LogAttempt appends a line to the attempt audit log. Every call adds a row;
// the log is never read back for control flow.
func (r *Payments) LogAttempt(ctx context.Context, q pgdb.Querier, opID, event, detail string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO payment_attempt_log (id, op_id, event, detail)
		VALUES ($1, $2, $3, $4)`, ids.UUID(), opID, event, detail)
	if err != nil {
		return fmt.Errorf("payments: log attempt: %w", err)
	}
	return nil
}

// Payout is a transfer to a seller's connected account.
type Payout struct {
	ID               string
	OrderID          string
	SellerID         string
	AmountCents      int64
	StripeTransferID string
}

// InsertPayoutIfAbsent stores the payout for an order once and reports
// whether this call stored it.
func (r *Payments) InsertPayoutIfAbsent(ctx context.Context, q pgdb.Querier, p Payout) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO payouts (id, order_id, seller_id, amount_cents, stripe_transfer_id)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (order_id) DO NOTHING`,
		p.ID, p.OrderID, p.SellerID, p.AmountCents, p.StripeTransferID)
	if err != nil {
		return false, fmt.Errorf("payments: insert payout: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// StripeEventSeen reports whether a webhook event was already processed.
func (r *Payments) StripeEventSeen(ctx context.Context, q pgdb.Querier, eventID string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&seen)
	if err != nil {
		return false, fmt.Errorf("payments: event seen: %w", err)
	}
	return seen, nil
}

// MarkStripeEvent records a webhook event as processed.
func (r *Payments) MarkStripeEvent(ctx context.Context, q pgdb.Querier, eventID, eventType string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return fmt.Errorf("payments: mark event: %w", err)
	}
	return nil
}
