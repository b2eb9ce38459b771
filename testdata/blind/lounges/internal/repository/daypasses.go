package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type DayPassRepo struct {
	db *sqlx.DB
}

func NewDayPassRepo(db *sqlx.DB) *DayPassRepo { return &DayPassRepo{db: db} }

// InsertPending stores a pending pass for a member's purchase reference. A
// repeated purchase reference returns the original pass.
func (r *DayPassRepo) InsertPending(ctx context.Context, p domain.DayPass) (domain.DayPass, bool, error) {
	return insertOrGet[domain.DayPass](ctx, r.db,
		`INSERT INTO day_passes (id, member_id, lounge_id, purchase_ref, status, price_cents, currency,
		                         valid_from, valid_until, flight_number, flight_date)
		 VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10)
		 ON CONFLICT ON CONSTRAINT day_passes_purchase_ref DO NOTHING
		 RETURNING *`,
		[]any{p.ID, p.MemberID, p.LoungeID, p.PurchaseRef, p.PriceCents, p.Currency,
			p.ValidFrom, p.ValidUntil, p.FlightNumber, p.FlightDate},
		`SELECT * FROM day_passes WHERE member_id = $1 AND purchase_ref = $2`, p.MemberID, p.PurchaseRef)
}

func (r *DayPassRepo) Get(ctx context.Context, id uuid.UUID) (domain.DayPass, error) {
	return getOne[domain.DayPass](ctx, r.db, `SELECT * FROM day_passes WHERE id = $1`, id)
}

// AttachPayment records the PaymentIntent and, if Stripe already reports it
// succeeded, activates the pass.
func (r *DayPassRepo) AttachPayment(ctx context.Context, id uuid.UUID, paymentIntentID string, succeeded bool) (domain.DayPass, error) {
	return getOne[domain.DayPass](ctx, r.db,
		`UPDATE day_passes
		    SET stripe_payment_intent_id = COALESCE(stripe_payment_intent_id, $2),
		        status = CASE WHEN $3 AND status = 'pending' THEN 'active' ELSE status END,
		        updated_at = now()
		  WHERE id = $1
		RETURNING *`, id, paymentIntentID, succeeded)
}

// Activate marks a pending pass paid. It reports false if it was not pending.
func (r *DayPassRepo) Activate(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := execAffected(ctx, r.db,
		`UPDATE day_passes SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return n == 1, err
}

func (r *DayPassRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE day_passes SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// ExpireBefore expires active passes whose validity ended before t.
func (r *DayPassRepo) ExpireBefore(ctx context.Context, t time.Time) (int64, error) {
	return execAffected(ctx, r.db,
		`UPDATE day_passes SET status = 'expired', updated_at = now()
		  WHERE status = 'active' AND valid_until < $1`, t)
}

// ExtendForFlight moves the end of validity for every active pass booked on
// the flight to at least until.
func (r *DayPassRepo) ExtendForFlight(ctx context.Context, flightNumber string, flightDate time.Time, until time.Time) (int64, error) {
	return execAffected(ctx, r.db,
		`UPDATE day_passes
		    SET valid_until = GREATEST(valid_until, $3), updated_at = now()
		  WHERE flight_number = $1 AND flight_date = $2 AND status = 'active'`,
		flightNumber, flightDate, until)
}

type RefundRepo struct {
	db *sqlx.DB
}

func NewRefundRepo(db *sqlx.DB) *RefundRepo { return &RefundRepo{db: db} }

// RequestForPass records a refund request for a pass and moves the pass to
// refund_pending. There is at most one refund per pass.
func (r *RefundRepo) RequestForPass(ctx context.Context, ref domain.Refund) (domain.Refund, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.Refund, error) {
		row, created, err := insertOrGet[domain.Refund](ctx, tx,
			`INSERT INTO refunds (id, day_pass_id, amount_cents, currency, reason, status)
			 VALUES ($1, $2, $3, $4, $5, 'requested')
			 ON CONFLICT (day_pass_id) DO NOTHING
			 RETURNING *`,
			[]any{ref.ID, ref.DayPassID, ref.AmountCents, ref.Currency, ref.Reason},
			`SELECT * FROM refunds WHERE day_pass_id = $1`, ref.DayPassID)
		if err != nil || !created {
			return row, err
		}
		n, err := execAffected(ctx, tx,
			`UPDATE day_passes SET status = 'refund_pending', updated_at = now()
			  WHERE id = $1 AND status = 'active'`, ref.DayPassID)
		if err != nil {
			return row, err
		}
		if n == 0 {
			return row, domain.ErrInvalidState
		}
		return row, nil
	})
}

func (r *RefundRepo) Get(ctx context.Context, id uuid.UUID) (domain.Refund, error) {
	return getOne[domain.Refund](ctx, r.db, `SELECT * FROM refunds WHERE id = $1`, id)
}

// Complete records the Stripe refund and finalises the pass.
func (r *RefundRepo) Complete(ctx context.Context, id uuid.UUID, stripeRefundID string) error {
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		var passID uuid.UUID
		err := tx.GetContext(ctx, &passID,
			`UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, updated_at = now()
			  WHERE id = $1 RETURNING day_pass_id`, id, stripeRefundID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE day_passes SET status = 'refunded', updated_at = now()
			  WHERE id = $1 AND status IN ('refund_pending', 'active')`, passID)
		return err
	})
}

func (r *RefundRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		var passID uuid.UUID
		err := tx.GetContext(ctx, &passID,
			`UPDATE refunds SET status = 'failed', updated_at = now()
			  WHERE id = $1 AND status = 'requested' RETURNING day_pass_id`, id)
		if err != nil {
			if isNoRows(err) {
				return nil
			}
			return err
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE day_passes SET status = 'active', updated_at = now()
			  WHERE id = $1 AND status = 'refund_pending'`, passID)
		return err
	})
}

// ConfirmByStripeID marks a refund succeeded from a charge.refunded event.
func (r *RefundRepo) ConfirmByStripeID(ctx context.Context, stripeRefundID string) (bool, error) {
	n, err := execAffected(ctx, r.db,
		`UPDATE refunds SET status = 'succeeded', updated_at = now()
		  WHERE stripe_refund_id = $1 AND status <> 'succeeded'`, stripeRefundID)
	return n > 0, err
}
