package pg

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
)

type bookings struct{ db Querier }

const bookingColumns = `id, reference, sailing_id, member_id, contact_email, contact_phone,
	status, total_cents, amount_paid_cents, discount_cents, currency, idempotency_key,
	hold_expires_at, confirmation_sent_at, created_at`

func scanBooking(row pgx.Row) (domain.Booking, error) {
	var b domain.Booking
	err := row.Scan(&b.ID, &b.Reference, &b.SailingID, &b.MemberID, &b.ContactEmail, &b.ContactPhone,
		&b.Status, &b.TotalCents, &b.AmountPaidCents, &b.DiscountCents, &b.Currency, &b.IdempotencyKey,
		&b.HoldExpiresAt, &b.ConfirmationSentAt, &b.CreatedAt)
	return b, err
}

func (r bookings) CreateIdempotent(ctx context.Context, b *domain.Booking) (bool, error) {
	row := r.db.QueryRow(ctx, `
		INSERT INTO bookings (id, reference, sailing_id, member_id, contact_email, contact_phone,
			status, total_cents, currency, idempotency_key, hold_expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (idempotency_key) DO NOTHING
		RETURNING `+bookingColumns,
		b.ID, b.Reference, b.SailingID, b.MemberID, b.ContactEmail, b.ContactPhone,
		b.Status, b.TotalCents, b.Currency, b.IdempotencyKey, b.HoldExpiresAt)
	stored, err := scanBooking(row)
	if err == nil {
		*b = stored
		return true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, translate(err, "insert booking")
	}
	stored, err = scanBooking(r.db.QueryRow(ctx,
		`SELECT `+bookingColumns+` FROM bookings WHERE idempotency_key = $1`, b.IdempotencyKey))
	if err != nil {
		return false, translate(err, "load booking by idempotency key")
	}
	*b = stored
	return false, nil
}

func (r bookings) Get(ctx context.Context, id uuid.UUID) (domain.Booking, error) {
	b, err := scanBooking(r.db.QueryRow(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1`, id))
	return b, translate(err, "get booking")
}

func (r bookings) AddPassengers(ctx context.Context, ps []domain.Passenger) error {
	rows := make([][]any, len(ps))
	for i, p := range ps {
		rows[i] = []any{p.ID, p.BookingID, p.FullName, p.DateOfBirth, p.Nationality, p.DocumentNumber, string(p.FareClass)}
	}
	_, err := r.db.CopyFrom(ctx, pgx.Identifier{"passengers"},
		[]string{"id", "booking_id", "full_name", "date_of_birth", "nationality", "document_number", "fare_class"},
		pgx.CopyFromRows(rows))
	return translate(err, "copy passengers")
}

const passengerColumns = `id, booking_id, full_name, date_of_birth, nationality, document_number, fare_class`

func scanPassenger(row pgx.Row) (domain.Passenger, error) {
	var p domain.Passenger
	err := row.Scan(&p.ID, &p.BookingID, &p.FullName, &p.DateOfBirth, &p.Nationality, &p.DocumentNumber, &p.FareClass)
	return p, err
}

func (r bookings) Passengers(ctx context.Context, bookingID uuid.UUID) ([]domain.Passenger, error) {
	rows, err := r.db.Query(ctx, `SELECT `+passengerColumns+` FROM passengers WHERE booking_id = $1 ORDER BY full_name`, bookingID)
	if err != nil {
		return nil, translate(err, "list passengers")
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Passenger, error) { return scanPassenger(row) })
	return out, translate(err, "list passengers")
}

func (r bookings) Passenger(ctx context.Context, id uuid.UUID) (domain.Passenger, error) {
	p, err := scanPassenger(r.db.QueryRow(ctx, `SELECT `+passengerColumns+` FROM passengers WHERE id = $1`, id))
	return p, translate(err, "get passenger")
}

func (r bookings) AddVehicle(ctx context.Context, v domain.VehicleReservation) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO vehicle_reservations (id, booking_id, sailing_id, registration, vehicle_type, length_cm, fare_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		v.ID, v.BookingID, v.SailingID, v.Registration, v.VehicleType, v.LengthCM, v.FareCents)
	return translate(err, "insert vehicle reservation")
}

func (r bookings) Vehicles(ctx context.Context, bookingID uuid.UUID) ([]domain.VehicleReservation, error) {
	rows, err := r.db.Query(ctx, `
		SELECT id, booking_id, sailing_id, registration, vehicle_type, length_cm, fare_cents, created_at
		FROM vehicle_reservations WHERE booking_id = $1 ORDER BY created_at`, bookingID)
	if err != nil {
		return nil, translate(err, "list vehicles")
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.VehicleReservation, error) {
		var v domain.VehicleReservation
		err := row.Scan(&v.ID, &v.BookingID, &v.SailingID, &v.Registration, &v.VehicleType, &v.LengthCM, &v.FareCents, &v.CreatedAt)
		return v, err
	})
	return out, translate(err, "list vehicles")
}

func (r bookings) AddToTotal(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := r.db.Exec(ctx,
		`UPDATE bookings SET total_cents = total_cents + $2, updated_at = now() WHERE id = $1`, id, cents)
	return translate(err, "add to booking total")
}

func (r bookings) ApplyDiscount(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := r.db.Exec(ctx,
		`UPDATE bookings SET discount_cents = discount_cents + $2, updated_at = now() WHERE id = $1`, id, cents)
	return translate(err, "apply booking discount")
}

// RecordPayment adds a settled card payment to the booking and confirms it
// once nothing is outstanding.
func (r bookings) RecordPayment(ctx context.Context, id uuid.UUID, cents int64) (domain.Booking, error) {
	b, err := scanBooking(r.db.QueryRow(ctx, `
		UPDATE bookings
		SET amount_paid_cents = amount_paid_cents + $2,
		    status = CASE
		        WHEN status = 'held' AND amount_paid_cents + $2 >= total_cents - discount_cents THEN 'confirmed'
		        ELSE status END,
		    updated_at = now()
		WHERE id = $1
		RETURNING `+bookingColumns, id, cents))
	return b, translate(err, "record booking payment")
}

func (r bookings) Cancel(ctx context.Context, id uuid.UUID) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE bookings SET status = 'cancelled', cancelled_at = now(), updated_at = now()
		WHERE id = $1 AND status IN ('held', 'confirmed')`, id))
	return ok, translate(err, "cancel booking")
}

func (r bookings) ExpireHold(ctx context.Context, id uuid.UUID) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE bookings SET status = 'expired', updated_at = now()
		WHERE id = $1 AND status = 'held' AND hold_expires_at <= now()`, id))
	return ok, translate(err, "expire booking hold")
}

func (r bookings) MarkRefunded(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.Exec(ctx, `
		UPDATE bookings SET status = 'refunded', updated_at = now()
		WHERE id = $1 AND status IN ('cancelled', 'confirmed')`, id)
	return translate(err, "mark booking refunded")
}

func (r bookings) MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := r.db.Exec(ctx,
		`UPDATE bookings SET confirmation_sent_at = $2, updated_at = now() WHERE id = $1`, id, at)
	return translate(err, "mark confirmation sent")
}

func (r bookings) ForSailing(ctx context.Context, sailingID uuid.UUID, statuses ...domain.BookingStatus) ([]domain.Booking, error) {
	names := make([]string, len(statuses))
	for i, st := range statuses {
		names[i] = string(st)
	}
	rows, err := r.db.Query(ctx, `
		SELECT `+bookingColumns+` FROM bookings
		WHERE sailing_id = $1 AND status = ANY($2)
		ORDER BY created_at`, sailingID, names)
	if err != nil {
		return nil, translate(err, "list sailing bookings")
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Booking, error) { return scanBooking(row) })
	return out, translate(err, "list sailing bookings")
}
