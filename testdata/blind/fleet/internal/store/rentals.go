package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Rentals struct{}

func NewRentals() *Rentals { return &Rentals{} }

func (Rentals) Insert(ctx context.Context, q db.Ext, r domain.Rental) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO rentals (id, reservation_id, customer_id, vehicle_id, status, checked_out_at, due_at, odometer_out, fuel_out)
		VALUES (:id, :reservation_id, :customer_id, :vehicle_id, :status, :checked_out_at, :due_at, :odometer_out, :fuel_out)`, r)
	return err
}

func (Rentals) Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error) {
	var r domain.Rental
	err := q.GetContext(ctx, &r, `SELECT * FROM rentals WHERE id = $1`, id)
	return r, notFound(err, "rental")
}

func (Rentals) GetForUpdate(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error) {
	var r domain.Rental
	err := q.GetContext(ctx, &r, `SELECT * FROM rentals WHERE id = $1 FOR UPDATE`, id)
	return r, notFound(err, "rental")
}

// MarkCheckedIn closes an open rental with the return readings. It reports
// false if the rental was not open.
func (Rentals) MarkCheckedIn(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE rentals
		   SET status = 'closed', checked_in_at = $2, odometer_in = $3, fuel_in = $4,
		       km_driven = GREATEST(km_driven, $3 - odometer_out)
		 WHERE id = $1 AND status = 'out'`, id, at, odometerKm, fuelPct)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// SetDueAt moves the due date of an open rental.
func (Rentals) SetDueAt(ctx context.Context, q db.Ext, id uuid.UUID, dueAt time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE rentals SET due_at = $2 WHERE id = $1 AND status = 'out'`, id, dueAt)
	return err
}

func (Rentals) InsertExtension(ctx context.Context, q db.Ext, e domain.Extension) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO rental_extensions (id, rental_id, old_due_at, new_due_at, fee_cents)
		VALUES ($1, $2, $3, $4, $5)`, e.ID, e.RentalID, e.OldDueAt, e.NewDueAt, e.FeeCents)
	return err
}

// FindByPlateAt returns the rental that had the vehicle with this plate at
// the given moment.
func (Rentals) FindByPlateAt(ctx context.Context, q db.Ext, plate string, at time.Time) (domain.Rental, error) {
	var r domain.Rental
	err := q.GetContext(ctx, &r, `
		SELECT r.* FROM rentals r JOIN vehicles v ON v.id = r.vehicle_id
		 WHERE v.plate = $1 AND r.checked_out_at <= $2
		   AND (r.checked_in_at IS NULL OR r.checked_in_at >= $2)
		 ORDER BY r.checked_out_at DESC LIMIT 1`, plate, at)
	return r, notFound(err, "rental")
}

func (Rentals) ActiveForVehicle(ctx context.Context, q db.Ext, vehicleID uuid.UUID) (domain.Rental, error) {
	var r domain.Rental
	err := q.GetContext(ctx, &r, `SELECT * FROM rentals WHERE vehicle_id = $1 AND status = 'out'`, vehicleID)
	return r, notFound(err, "rental")
}

// AddKm adds driven distance to a rental.
func (Rentals) AddKm(ctx context.Context, q db.Ext, id uuid.UUID, km int) error {
	_, err := q.ExecContext(ctx, `UPDATE rentals SET km_driven = km_driven + $2 WHERE id = $1`, id, km)
	return err
}

// FlagDamage marks a rental as having reported damage.
func (Rentals) FlagDamage(ctx context.Context, q db.Ext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `UPDATE rentals SET damage_reported = true WHERE id = $1`, id)
	return err
}

// MarkReceiptSent records when the closing receipt went out.
func (Rentals) MarkReceiptSent(ctx context.Context, q db.Ext, id uuid.UUID, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE rentals SET receipt_sent_at = $2 WHERE id = $1`, id, at)
	return err
}
