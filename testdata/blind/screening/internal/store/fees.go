package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/tenantlens/screening/internal/domain"
)

const feeColumns = `id, application_id, amount_cents, currency, payment_method_id,
	COALESCE(stripe_payment_intent_id, ''), status, COALESCE(failure_message, ''), refunded_cents, created_at`

func scanFee(row interface{ Scan(...any) error }) (domain.FeeCharge, error) {
	var f domain.FeeCharge
	err := row.Scan(&f.ID, &f.ApplicationID, &f.AmountCents, &f.Currency, &f.PaymentMethodID,
		&f.StripePaymentIntentID, &f.Status, &f.FailureMessage, &f.RefundedCents, &f.CreatedAt)
	return f, err
}

// EnsureFeeCharge creates the fee charge row for an application if none
// exists and returns whichever row is stored. There is at most one fee per
// application, so the stored row's id is stable across retries.
func (s *Store) EnsureFeeCharge(ctx context.Context, f domain.FeeCharge) (domain.FeeCharge, bool, error) {
	res, err := s.db.ExecContext(ctx, `
		INSERT INTO fee_charges (id, application_id, amount_cents, currency, payment_method_id, status)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (application_id) DO NOTHING`,
		f.ID, f.ApplicationID, f.AmountCents, f.Currency, f.PaymentMethodID, f.Status)
	if err != nil {
		return domain.FeeCharge{}, false, fmt.Errorf("insert fee charge: %w", err)
	}
	n, err := rowsAffected(res)
	if err != nil {
		return domain.FeeCharge{}, false, err
	}
	stored, err := s.FeeForApplication(ctx, s.db, f.ApplicationID)
	return stored, n == 1, err
}

func (s *Store) FeeForApplication(ctx context.Context, q Queryer, applicationID string) (domain.FeeCharge, error) {
	row := q.QueryRowContext(ctx, `SELECT `+feeColumns+` FROM fee_charges WHERE application_id = $1`, applicationID)
	f, err := scanFee(row)
	return f, notFound(err)
}

func (s *Store) FeeByPaymentIntent(ctx context.Context, q Queryer, piID string) (domain.FeeCharge, error) {
	row := q.QueryRowContext(ctx, `SELECT `+feeColumns+` FROM fee_charges WHERE stripe_payment_intent_id = $1`, piID)
	f, err := scanFee(row)
	return f, notFound(err)
}

// SetFeeOutcome records the PaymentIntent and its synchronous outcome.
func (s *Store) SetFeeOutcome(ctx context.Context, q Queryer, id, piID, status, failure string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fee_charges
		   SET stripe_payment_intent_id = COALESCE(NULLIF($2, ''), stripe_payment_intent_id),
		       status = $3, failure_message = $4, updated_at = now()
		 WHERE id = $1 AND status <> 'refunded'`, id, piID, status, nullString(failure))
	return err
}

// EnsureFeeRefund stores a refund request keyed by (fee, request key) and
// returns the stored row.
func (s *Store) EnsureFeeRefund(ctx context.Context, r domain.FeeRefund) (domain.FeeRefund, error) {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO fee_refunds (id, fee_charge_id, amount_cents, reason, request_key, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (fee_charge_id, request_key) DO NOTHING`,
		r.ID, r.FeeChargeID, r.AmountCents, r.Reason, r.RequestKey)
	if err != nil {
		return domain.FeeRefund{}, err
	}
	var out domain.FeeRefund
	var stripeID sql.NullString
	err = s.db.QueryRowContext(ctx, `
		SELECT id, fee_charge_id, amount_cents, reason, request_key, stripe_refund_id, status, created_at
		FROM fee_refunds WHERE fee_charge_id = $1 AND request_key = $2`, r.FeeChargeID, r.RequestKey).
		Scan(&out.ID, &out.FeeChargeID, &out.AmountCents, &out.Reason, &out.RequestKey, &stripeID, &out.Status, &out.CreatedAt)
	out.StripeRefundID = stripeID.String
	return out, err
}

// CompleteFeeRefund records Stripe's refund id and adds the amount to the
// charge's refunded total in one transaction.
func (s *Store) CompleteFeeRefund(ctx context.Context, refundID, stripeRefundID string) error {
	return s.WithTx(ctx, func(tx *sql.Tx) error {
		var feeID string
		var amount int64
		err := tx.QueryRowContext(ctx, `
			UPDATE fee_refunds SET stripe_refund_id = $2, status = 'succeeded', updated_at = now()
			WHERE id = $1 AND status = 'pending'
			RETURNING fee_charge_id, amount_cents`, refundID, stripeRefundID).Scan(&feeID, &amount)
		if err == sql.ErrNoRows {
			return nil
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `
			UPDATE fee_charges
			   SET refunded_cents = refunded_cents + $2,
			       status = CASE WHEN refunded_cents + $2 >= amount_cents THEN 'refunded' ELSE status END,
			       updated_at = now()
			 WHERE id = $1`, feeID, amount)
		return err
	})
}

// SumPendingRefunds totals refunds requested but not yet confirmed.
func (s *Store) SumPendingRefunds(ctx context.Context, feeID string) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `
		SELECT COALESCE(sum(amount_cents), 0) FROM fee_refunds
		WHERE fee_charge_id = $1 AND status = 'pending'`, feeID).Scan(&n)
	return n, err
}

// MarkStripeEventProcessed records a Stripe event id. It returns false when
// the event id was recorded before.
func (s *Store) MarkStripeEventProcessed(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}
