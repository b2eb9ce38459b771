package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Vehicles struct{}

func NewVehicles() *Vehicles { return &Vehicles{} }

func (Vehicles) Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Vehicle, error) {
	var v domain.Vehicle
	err := q.GetContext(ctx, &v, `SELECT * FROM vehicles WHERE id = $1`, id)
	return v, notFound(err, "vehicle")
}

func (Vehicles) GetByPlate(ctx context.Context, q db.Ext, plate string) (domain.Vehicle, error) {
	var v domain.Vehicle
	err := q.GetContext(ctx, &v, `SELECT * FROM vehicles WHERE plate = $1`, plate)
	return v, notFound(err, "vehicle")
}

// MarkRented records the hand-over readings and takes the vehicle off the lot.
func (Vehicles) MarkRented(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int) error {
	_, err := q.ExecContext(ctx, `
		UPDATE vehicles
		   SET status = 'rented', odometer_km = GREATEST(odometer_km, $2), fuel_pct = $3, updated_at = now()
		 WHERE id = $1`, id, odometerKm, fuelPct)
	return err
}

// Release puts a returned vehicle back on the lot.
func (Vehicles) Release(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm, fuelPct int) error {
	_, err := q.ExecContext(ctx, `
		UPDATE vehicles
		   SET status = 'available', odometer_km = GREATEST(odometer_km, $2), fuel_pct = $3, updated_at = now()
		 WHERE id = $1 AND status = 'rented'`, id, odometerKm, fuelPct)
	return err
}

// BumpOdometer raises the stored odometer; readings never move it back.
func (Vehicles) BumpOdometer(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm int) error {
	_, err := q.ExecContext(ctx, `
		UPDATE vehicles SET odometer_km = $2, updated_at = now()
		 WHERE id = $1 AND odometer_km < $2`, id, odometerKm)
	return err
}

// AddServiceKm adds driven distance to the service interval counter.
func (Vehicles) AddServiceKm(ctx context.Context, q db.Ext, id uuid.UUID, km int) error {
	_, err := q.ExecContext(ctx, `
		UPDATE vehicles SET km_since_service = km_since_service + $2, updated_at = now()
		 WHERE id = $1`, id, km)
	return err
}
