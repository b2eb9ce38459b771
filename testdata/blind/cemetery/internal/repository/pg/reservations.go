package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

const reservationColumns = `id, request_key, plot_id, family_id, status, deposit_cents,
	stripe_customer_id, stripe_payment_intent_id, stripe_refund_id, cancel_reason, created_at, updated_at`

type Reservations struct {
	store[domain.Reservation]
}

func NewReservations(db *sqlx.DB) *Reservations {
	return &Reservations{newStore[domain.Reservation](db, "reservations")}
}

func (r *Reservations) CreateOrGet(ctx context.Context, res domain.Reservation) (domain.Reservation, bool, error) {
	created, found, err := r.getFound(ctx, `
		INSERT INTO reservations (id, request_key, plot_id, family_id, status, deposit_cents, stripe_customer_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (request_key) DO NOTHING
		RETURNING `+reservationColumns,
		res.ID, res.RequestKey, res.PlotID, res.FamilyID, res.Status, res.DepositCents, res.StripeCustomerID)
	if err != nil {
		return domain.Reservation{}, false, err
	}
	if found {
		return created, true, nil
	}
	existing, err := r.get(ctx, `SELECT `+reservationColumns+` FROM reservations WHERE request_key = $1`, res.RequestKey)
	return existing, false, err
}

func (r *Reservations) Get(ctx context.Context, id string) (domain.Reservation, error) {
	return r.get(ctx, `SELECT `+reservationColumns+` FROM reservations WHERE id = $1`, id)
}

func (r *Reservations) SetPaymentIntent(ctx context.Context, id, customerID, paymentIntentID string) error {
	_, err := r.exec(ctx, `
		UPDATE reservations
		SET stripe_customer_id = $2, stripe_payment_intent_id = $3, updated_at = now()
		WHERE id = $1`, id, customerID, paymentIntentID)
	return err
}

func (r *Reservations) ConfirmByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.Reservation, bool, error) {
	return r.getFound(ctx, `
		UPDATE reservations
		SET status = 'confirmed', updated_at = now()
		WHERE stripe_payment_intent_id = $1 AND status = 'pending_deposit'
		RETURNING `+reservationColumns, paymentIntentID)
}

func (r *Reservations) Cancel(ctx context.Context, id, reason string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE reservations
		SET status = 'cancelled', cancel_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending_deposit', 'confirmed')`, id, reason)
	return n == 1, err
}

func (r *Reservations) MarkRefunded(ctx context.Context, id, refundID string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE reservations
		SET status = 'refunded', stripe_refund_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'cancelled'`, id, refundID)
	return n == 1, err
}
