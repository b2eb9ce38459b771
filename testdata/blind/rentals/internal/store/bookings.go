package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// BookingRepo stores booking requests and bookings.
type BookingRepo interface {
	Insert(ctx context.Context, b domain.Booking) error
	Get(ctx context.Context, id string) (domain.Booking, error)
	GetForUpdate(ctx context.Context, id string) (domain.Booking, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
	MarkCancelled(ctx context.Context, id, actor string, at time.Time) (bool, error)
	MarkReminderSent(ctx context.Context, id string, at time.Time) error
	AttachPaymentIntent(ctx context.Context, id, paymentIntentID string) error
	StartingBetween(ctx context.Context, from, to time.Time) ([]domain.Booking, error)
	EndingBetween(ctx context.Context, from, to time.Time) ([]domain.Booking, error)
}

type bookingRepo struct{ q sqlx.ExtContext }

const bookingInsert = `
	INSERT INTO bookings (id, listing_id, renter_id, owner_id, start_day, end_day, status,
	                      rental_cents, fee_cents, deposit_cents, currency, payment_intent_id,
	                      payment_method_id, note, created_at, updated_at)
	VALUES (:id, :listing_id, :renter_id, :owner_id, :start_day, :end_day, :status,
	        :rental_cents, :fee_cents, :deposit_cents, :currency, :payment_intent_id,
	        :payment_method_id, :note, :created_at, :updated_at)`

func (r *bookingRepo) Insert(ctx context.Context, b domain.Booking) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, bookingInsert, b)
	return err
}

func (r *bookingRepo) Get(ctx context.Context, id string) (domain.Booking, error) {
	return getOne[domain.Booking](ctx, r.q, `SELECT * FROM bookings WHERE id = ?`, id)
}

func (r *bookingRepo) GetForUpdate(ctx context.Context, id string) (domain.Booking, error) {
	return getOne[domain.Booking](ctx, r.q, `SELECT * FROM bookings WHERE id = ? FOR UPDATE`, id)
}

// Transition moves a booking from one status to another and reports
// whether the row was in the expected status.
func (r *bookingRepo) Transition(ctx context.Context, id, from, to string) (bool, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE bookings SET status = ?, updated_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = ?`,
		to, id, from)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *bookingRepo) MarkCancelled(ctx context.Context, id, actor string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE bookings
		SET status = ?, cancelled_at = ?, cancellation_actor = ?, updated_at = UTC_TIMESTAMP(6)
		WHERE id = ? AND status IN (?, ?)`,
		domain.BookingCancelled, at, actor, id, domain.BookingRequested, domain.BookingConfirmed)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *bookingRepo) MarkReminderSent(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `UPDATE bookings SET reminder_sent_at = ? WHERE id = ?`, at, id)
	return err
}

func (r *bookingRepo) StartingBetween(ctx context.Context, from, to time.Time) ([]domain.Booking, error) {
	var out []domain.Booking
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT * FROM bookings
		WHERE status = ? AND start_day >= ? AND start_day < ? AND reminder_sent_at IS NULL`,
		domain.BookingConfirmed, from, to)
	return out, err
}

func (r *bookingRepo) EndingBetween(ctx context.Context, from, to time.Time) ([]domain.Booking, error) {
	var out []domain.Booking
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT * FROM bookings WHERE status = ? AND end_day >= ? AND end_day < ?`,
		domain.BookingConfirmed, from, to)
	return out, err
}

// AttachPaymentIntent records the rental payment made through checkout.
func (r *bookingRepo) AttachPaymentIntent(ctx context.Context, id, paymentIntentID string) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE bookings SET payment_intent_id = ? WHERE id = ? AND payment_intent_id IS NULL`,
		paymentIntentID, id)
	return err
}
