package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/hearthkit/commissary/internal/domain"
)

type bookingRepo struct{ q sqlx.ExtContext }

const bookingColumns = `id, kitchen_id, renter_id, renter_email, renter_name, starts_at, ends_at,
	status, hourly_rate_cents, total_cents, currency, meter_session_id, confirmation_sent_at,
	reminder_sent_at, checked_out_at, cancelled_at, cancel_reason, created_at, updated_at`

func (r bookingRepo) Get(ctx context.Context, id string) (*domain.Booking, error) {
	var b domain.Booking
	err := sqlx.GetContext(ctx, r.q, &b, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	return &b, nil
}

func (r bookingRepo) Insert(ctx context.Context, b *domain.Booking) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO bookings (id, kitchen_id, renter_id, renter_email, renter_name, starts_at, ends_at,
			status, hourly_rate_cents, total_cents, currency, created_at, updated_at)
		VALUES (:id, :kitchen_id, :renter_id, :renter_email, :renter_name, :starts_at, :ends_at,
			:status, :hourly_rate_cents, :total_cents, :currency, :created_at, :updated_at)`, b)
	return mapErr(err)
}

func (r bookingRepo) Transition(ctx context.Context, id string, from []domain.BookingStatus, to domain.BookingStatus) (bool, error) {
	fs := make([]string, len(from))
	for i, s := range from {
		fs[i] = string(s)
	}
	return affected(r.q.ExecContext(ctx, `
		UPDATE bookings SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, to, pq.Array(fs)))
}

func (r bookingRepo) MarkCheckedOut(ctx context.Context, id string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE bookings SET status = 'checked_out', checked_out_at = $2, updated_at = now()
		WHERE id = $1 AND status IN ('confirmed', 'in_progress')`, id, at))
}

func (r bookingRepo) MarkCancelled(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE bookings SET status = 'cancelled', cancelled_at = $2, cancel_reason = $3, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'confirmed')`, id, at, reason))
}

func (r bookingRepo) ExtendEnd(ctx context.Context, id string, by time.Duration) (time.Time, error) {
	var end time.Time
	err := sqlx.GetContext(ctx, r.q, &end, `
		UPDATE bookings SET ends_at = ends_at + make_interval(secs => $2), updated_at = now()
		WHERE id = $1 AND status IN ('confirmed', 'in_progress')
		RETURNING ends_at`, id, by.Seconds())
	return end, mapErr(err)
}

func (r bookingRepo) MarkConfirmationSent(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `UPDATE bookings SET confirmation_sent_at = $2 WHERE id = $1`, id, at)
	return mapErr(err)
}

func (r bookingRepo) MarkReminderSent(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `UPDATE bookings SET reminder_sent_at = $2 WHERE id = $1`, id, at)
	return mapErr(err)
}

func (r bookingRepo) AttachMeterSession(ctx context.Context, id, sessionID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE bookings SET meter_session_id = $2, status = 'in_progress', updated_at = now()
		WHERE id = $1 AND meter_session_id IS NULL AND status IN ('confirmed', 'in_progress')`, id, sessionID))
}

func (r bookingRepo) GetByMeterSession(ctx context.Context, sessionID string) (*domain.Booking, error) {
	var b domain.Booking
	err := sqlx.GetContext(ctx, r.q, &b, `SELECT `+bookingColumns+` FROM bookings WHERE meter_session_id = $1`, sessionID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &b, nil
}

type kitchenRepo struct{ q sqlx.ExtContext }

func (r kitchenRepo) Get(ctx context.Context, id string) (*domain.Kitchen, error) {
	var k domain.Kitchen
	err := sqlx.GetContext(ctx, r.q, &k, `
		SELECT id, host_id, name, address_line, city, postal_code, access_notes, hourly_rate_cents,
			deposit_cents, currency, timezone, active, created_at
		FROM kitchens WHERE id = $1`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	return &k, nil
}

func (r kitchenRepo) GetHost(ctx context.Context, id string) (*domain.Host, error) {
	var h domain.Host
	err := sqlx.GetContext(ctx, r.q, &h, `SELECT id, email, name, created_at FROM hosts WHERE id = $1`, id)
	if err != nil {
		return nil, mapErr(err)
	}
	return &h, nil
}
