package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type RefundRepo struct{ db *DB }

func NewRefundRepo(db *DB) *RefundRepo { return &RefundRepo{db: db} }

func scanRefund(row pgx.Row) (domain.Refund, error) {
	var (
		rf     domain.Refund
		status string
	)
	err := row.Scan(&rf.ID, &rf.EventID, &rf.PaymentID, &rf.AmountCents, &status, &rf.StripeRefundID)
	rf.Status = domain.RefundStatus(status)
	return rf, err
}

// ClaimForPayment inserts the refund intent for a payment unless one exists.
func (r *RefundRepo) ClaimForPayment(ctx context.Context, rf domain.Refund) (domain.Refund, error) {
	out, err := scanRefund(r.db.q(ctx).QueryRow(ctx, `
		WITH ins AS (
			INSERT INTO refunds (id, event_id, payment_id, amount_cents, status)
			VALUES ($1, $2, $3, $4, 'pending')
			ON CONFLICT (payment_id) DO NOTHING
			RETURNING id, event_id, payment_id, amount_cents, status, COALESCE(stripe_refund_id, '')
		)
		SELECT * FROM ins
		UNION ALL
		SELECT id, event_id, payment_id, amount_cents, status, COALESCE(stripe_refund_id, '')
		  FROM refunds WHERE payment_id = $3
		LIMIT 1`,
		rf.ID, rf.EventID, rf.PaymentID, rf.AmountCents))
	return out, mapErr(err)
}

func (r *RefundRepo) RecordProviderResult(ctx context.Context, id uuid.UUID, stripeRefundID string, status domain.RefundStatus) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE refunds SET stripe_refund_id = $2, status = $3, updated_at = now()
		 WHERE id = $1`, id, stripeRefundID, string(status))
	return mapErr(err)
}

// UpsertFromProvider applies a refund reported by the processor. A refund
// issued from the dashboard is adopted as the refund of its payment.
func (r *RefundRepo) UpsertFromProvider(ctx context.Context, stripeRefundID, piID string, amount int64, status domain.RefundStatus) (uuid.UUID, error) {
	var eventID uuid.UUID
	err := r.db.q(ctx).QueryRow(ctx, `
		INSERT INTO refunds (id, event_id, payment_id, amount_cents, status, stripe_refund_id)
		SELECT $1, p.event_id, p.id, $4, $5, $2
		  FROM payments p WHERE p.stripe_payment_intent_id = $3
		ON CONFLICT (payment_id) DO UPDATE
		   SET status = EXCLUDED.status,
		       stripe_refund_id = COALESCE(refunds.stripe_refund_id, EXCLUDED.stripe_refund_id),
		       updated_at = now()
		RETURNING event_id`,
		uuid.New(), stripeRefundID, piID, amount, string(status)).Scan(&eventID)
	return eventID, mapErr(err)
}
