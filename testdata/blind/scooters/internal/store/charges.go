package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Charges struct{ db *pgstore.DB }

// InsertRideCharge records the amount owed for a ride before the card is
// charged.
func (c *Charges) InsertRideCharge(ctx context.Context, ch *domain.RideCharge) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		INSERT INTO ride_charges (ride_id, amount_cents, pass_minutes_used, currency, status)
		VALUES ($1, $2, $3, $4, $5)`,
		ch.RideID, ch.AmountCents, ch.PassMinutesUsed, ch.Currency, ch.Status)
	return err
}

// SetRideChargeResult stores what the card network said.
func (c *Charges) SetRideChargeResult(ctx context.Context, rideID uuid.UUID, status domain.ChargeStatus, paymentIntentID, failureCode string) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		UPDATE ride_charges
		SET status = $2, payment_intent_id = coalesce($3, payment_intent_id),
		    failure_code = $4, updated_at = now()
		WHERE ride_id = $1 AND status <> 'succeeded'`,
		rideID, status, nullable(paymentIntentID), nullable(failureCode))
	return err
}

// MarkIntentSucceeded is driven by the Stripe webhook. Rows already marked
// succeeded are left alone.
func (c *Charges) MarkIntentSucceeded(ctx context.Context, paymentIntentID string) (int64, error) {
	tag, err := c.db.Q(ctx).Exec(ctx, `
		UPDATE ride_charges SET status = 'succeeded', failure_code = NULL, updated_at = now()
		WHERE payment_intent_id = $1 AND status <> 'succeeded'`, paymentIntentID)
	return tag.RowsAffected(), err
}

func (c *Charges) MarkIntentFailed(ctx context.Context, paymentIntentID, code string) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		UPDATE ride_charges SET status = 'failed', failure_code = $2, updated_at = now()
		WHERE payment_intent_id = $1 AND status = 'pending'`, paymentIntentID, code)
	return err
}

// Attempt is one call to the payment provider.
type Attempt struct {
	SubjectKind string
	SubjectID   string
	Attempt     int
	Outcome     string
	Detail      string
}

// RecordAttempt appends to the attempt log. Each provider call gets its own
// row, retries included; support reads this to explain declines.
func (c *Charges) RecordAttempt(ctx context.Context, a Attempt) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		INSERT INTO charge_attempts (id, subject_kind, subject_id, attempt, outcome, detail)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		uuid.New(), a.SubjectKind, a.SubjectID, a.Attempt, a.Outcome, nullable(a.Detail))
	return err
}

// RefundRecord is a refund as Stripe reported it.
type RefundRecord struct {
	StripeRefundID  string
	PaymentIntentID string
	AmountCents     int64
	SubjectKind     string
	SubjectID       string
}

// InsertRefund stores a refund once per Stripe refund ID.
func (c *Charges) InsertRefund(ctx context.Context, r RefundRecord) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		INSERT INTO refunds (stripe_refund_id, payment_intent_id, amount_cents, subject_kind, subject_id)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (stripe_refund_id) DO NOTHING`,
		r.StripeRefundID, r.PaymentIntentID, r.AmountCents, r.SubjectKind, r.SubjectID)
	return err
}

// RecordStripeEvent remembers a webhook event we have handled.
func (c *Charges) RecordStripeEvent(ctx context.Context, eventID, eventType string) error {
	_, err := c.db.Q(ctx).Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)`, eventID, eventType)
	return err
}
