package store

import (
	"context"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Reservations struct{}

func NewReservations() *Reservations { return &Reservations{} }

func (Reservations) Insert(ctx context.Context, q db.Ext, r domain.Reservation) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO reservations (id, customer_id, vehicle_class, branch, pickup_at, return_at, status, deposit_cents)
		VALUES (:id, :customer_id, :vehicle_class, :branch, :pickup_at, :return_at, :status, :deposit_cents)`, r)
	return err
}

func (Reservations) Get(ctx context.Context, q db.Ext, id string) (domain.Reservation, error) {
	var r domain.Reservation
	err := q.GetContext(ctx, &r, `SELECT * FROM reservations WHERE id = $1`, id)
	return r, notFound(err, "reservation")
}

func (Reservations) GetForUpdate(ctx context.Context, q db.Ext, id string) (domain.Reservation, error) {
	var r domain.Reservation
	err := q.GetContext(ctx, &r, `SELECT * FROM reservations WHERE id = $1 FOR UPDATE`, id)
	return r, notFound(err, "reservation")
}

// SetStatus changes a reservation's status.
func (Reservations) SetStatus(ctx context.Context, q db.Ext, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE reservations SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (Reservations) ConfirmDeposit(ctx context.Context, q db.Ext, id, intentID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE reservations SET deposit_intent_id = $2, status = 'confirmed'
		 WHERE id = $1 AND status = 'pending_deposit'`, id, intentID)
	return err
}
