package pg

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
)

type payments struct{ db Querier }

const paymentColumns = `id, booking_id, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at`

func scanPayment(row pgx.Row) (domain.Payment, error) {
	var p domain.Payment
	err := row.Scan(&p.ID, &p.BookingID, &p.AmountCents, &p.Currency, &p.Status,
		&p.StripePaymentIntentID, &p.FailureCode, &p.CreatedAt)
	return p, err
}

// OpenAttempt relies on payments_open_per_booking: a second live attempt for
// the same booking is not inserted and the existing one is returned instead.
func (r payments) OpenAttempt(ctx context.Context, p *domain.Payment) error {
	stored, err := scanPayment(r.db.QueryRow(ctx, `
		INSERT INTO payments (id, booking_id, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (booking_id) WHERE status IN ('pending', 'succeeded') DO NOTHING
		RETURNING `+paymentColumns,
		p.ID, p.BookingID, p.AmountCents, p.Currency))
	if errors.Is(err, pgx.ErrNoRows) {
		stored, err = scanPayment(r.db.QueryRow(ctx, `
			SELECT `+paymentColumns+` FROM payments
			WHERE booking_id = $1 AND status IN ('pending', 'succeeded')`, p.BookingID))
	}
	if err != nil {
		return translate(err, "open payment attempt")
	}
	*p = stored
	return nil
}

func (r payments) Get(ctx context.Context, id uuid.UUID) (domain.Payment, error) {
	p, err := scanPayment(r.db.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id))
	return p, translate(err, "get payment")
}

// AttachIntent stores the PaymentIntent id. The webhook may have settled the
// payment already, so the status only moves out of pending.
func (r payments) AttachIntent(ctx context.Context, id uuid.UUID, intentID string, status domain.PaymentStatus) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payments
		SET stripe_payment_intent_id = $2,
		    status = CASE WHEN status = 'pending' THEN $3 ELSE status END,
		    updated_at = now()
		WHERE id = $1`, id, intentID, status)
	return translate(err, "attach payment intent")
}

// MarkSucceeded records Stripe's confirmation of a payment.
func (r payments) MarkSucceeded(ctx context.Context, id uuid.UUID, intentID string, at time.Time) (domain.Payment, error) {
	p, err := scanPayment(r.db.QueryRow(ctx, `
		UPDATE payments
		SET status = 'succeeded', stripe_payment_intent_id = $2, succeeded_at = $3, updated_at = now()
		WHERE id = $1
		RETURNING `+paymentColumns, id, intentID, at))
	return p, translate(err, "mark payment succeeded")
}

func (r payments) MarkFailed(ctx context.Context, id uuid.UUID, intentID, code string) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE payments
		SET status = 'failed', stripe_payment_intent_id = $2, failure_code = $3, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, intentID, code))
	return ok, translate(err, "mark payment failed")
}

func (r payments) SucceededForBooking(ctx context.Context, bookingID uuid.UUID) (domain.Payment, error) {
	p, err := scanPayment(r.db.QueryRow(ctx, `
		SELECT `+paymentColumns+` FROM payments
		WHERE booking_id = $1 AND status = 'succeeded'`, bookingID))
	return p, translate(err, "succeeded payment for booking")
}

type refunds struct{ db Querier }

const refundColumns = `id, booking_id, payment_id, request_key, amount_cents, reason, coalesce(note, ''),
	status, stripe_refund_id, created_at`

func scanRefund(row pgx.Row) (domain.Refund, error) {
	var r domain.Refund
	err := row.Scan(&r.ID, &r.BookingID, &r.PaymentID, &r.RequestKey, &r.AmountCents, &r.Reason, &r.Note,
		&r.Status, &r.StripeRefundID, &r.CreatedAt)
	return r, err
}

func (r refunds) Open(ctx context.Context, ref *domain.Refund) (bool, error) {
	stored, err := scanRefund(r.db.QueryRow(ctx, `
		INSERT INTO refunds (id, booking_id, payment_id, request_key, amount_cents, reason, note, status)
		VALUES ($1, $2, $3, $4, $5, $6, nullif($7, ''), 'pending')
		ON CONFLICT (request_key) DO NOTHING
		RETURNING `+refundColumns,
		ref.ID, ref.BookingID, ref.PaymentID, ref.RequestKey, ref.AmountCents, ref.Reason, ref.Note))
	created := err == nil
	if errors.Is(err, pgx.ErrNoRows) {
		stored, err = scanRefund(r.db.QueryRow(ctx,
			`SELECT `+refundColumns+` FROM refunds WHERE request_key = $1`, ref.RequestKey))
	}
	if err != nil {
		return false, translate(err, "open refund")
	}
	*ref = stored
	return created, nil
}

func (r refunds) Complete(ctx context.Context, id uuid.UUID, stripeRefundID string, status domain.RefundStatus, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE refunds
		SET stripe_refund_id = $2, status = $3,
		    succeeded_at = CASE WHEN $3 = 'succeeded' THEN $4 ELSE succeeded_at END,
		    updated_at = now()
		WHERE id = $1`, id, stripeRefundID, status, at)
	return translate(err, "complete refund")
}

// SettleByStripeID applies an asynchronous status change reported by Stripe.
// Only a pending refund moves.
func (r refunds) SettleByStripeID(ctx context.Context, stripeRefundID string, status domain.RefundStatus, at time.Time) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE refunds
		SET status = $2,
		    succeeded_at = CASE WHEN $2 = 'succeeded' THEN $3 ELSE succeeded_at END,
		    updated_at = now()
		WHERE stripe_refund_id = $1 AND status = 'pending'`, stripeRefundID, status, at))
	return ok, translate(err, "settle refund")
}

func (r refunds) TotalForBooking(ctx context.Context, bookingID uuid.UUID) (int64, error) {
	var total int64
	err := r.db.QueryRow(ctx, `
		SELECT coalesce(sum(amount_cents), 0) FROM refunds
		WHERE booking_id = $1 AND status <> 'failed'`, bookingID).Scan(&total)
	return total, translate(err, "refund total")
}
