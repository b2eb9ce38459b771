package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type TripRepo struct{ db *bun.DB }

func NewTripRepo(db *bun.DB) *TripRepo { return &TripRepo{db: db} }

// InsertForRide creates the trip for a ride unless one already exists. It
// reports whether this call created it.
func (r *TripRepo) InsertForRide(ctx context.Context, t *models.Trip) (bool, error) {
	res, err := database.Conn(ctx, r.db).NewInsert().
		Model(t).
		On("CONFLICT (ride_id) DO NOTHING").
		Returning("NULL").
		Exec(ctx)
	return affected(res, err)
}

func (r *TripRepo) Get(ctx context.Context, id uuid.UUID) (*models.Trip, error) {
	t := new(models.Trip)
	if err := database.Conn(ctx, r.db).NewSelect().Model(t).Where("t.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "trip")
	}
	return t, nil
}

func (r *TripRepo) GetByRide(ctx context.Context, rideID uuid.UUID) (*models.Trip, error) {
	t := new(models.Trip)
	if err := database.Conn(ctx, r.db).NewSelect().Model(t).Where("t.ride_id = ?", rideID).Scan(ctx); err != nil {
		return nil, notFound(err, "trip")
	}
	return t, nil
}

// Assign gives a pending trip to a driver. It only succeeds while the trip
// is still unassigned.
func (r *TripRepo) Assign(ctx context.Context, tripID, driverID uuid.UUID) (bool, error) {
	return affected(database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Trip)(nil)).
		Set("driver_id = ?", driverID).
		Set("status = ?", models.TripAssigned).
		Set("updated_at = now()").
		Where("id = ?", tripID).
		Where("status = ?", models.TripPending).
		Where("driver_id IS NULL").
		Exec(ctx))
}

// Transition moves a trip between statuses; it changes nothing when the trip
// is not in one of the allowed source statuses.
func (r *TripRepo) Transition(ctx context.Context, tripID uuid.UUID, from []models.TripStatus, to models.TripStatus, miles *float64) (bool, error) {
	q := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Trip)(nil)).
		Set("status = ?", to).
		Set("updated_at = now()").
		Where("id = ?", tripID).
		Where("status IN (?)", bun.In(from))
	if miles != nil {
		q = q.Set("miles = ?", *miles)
	}
	return affected(q.Exec(ctx))
}

func (r *TripRepo) AddHistory(ctx context.Context, tripID uuid.UUID, status models.TripStatus, at time.Time) error {
	_, err := database.Conn(ctx, r.db).NewInsert().
		Model(&models.TripStatusHistory{TripID: tripID, Status: status, OccurredAt: at}).
		On("CONFLICT (trip_id, status) DO NOTHING").
		Exec(ctx)
	return err
}

// Release cancels the trip and frees its driver.
func (r *TripRepo) Release(ctx context.Context, tripID uuid.UUID) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Trip)(nil)).
		Set("status = ?", models.TripCancelled).
		Set("driver_id = NULL").
		Set("updated_at = now()").
		Where("id = ?", tripID).
		Exec(ctx)
	return err
}

// MarkBilled flips billing_status once; later calls are no-ops.
func (r *TripRepo) MarkBilled(ctx context.Context, tripID uuid.UUID) (bool, error) {
	return affected(database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Trip)(nil)).
		Set("billing_status = 'billed'").
		Set("updated_at = now()").
		Where("id = ?", tripID).
		Where("billing_status <> 'billed'").
		Exec(ctx))
}

// AddCollected adds a patient payment to the trip's running total.
func (r *TripRepo) AddCollected(ctx context.Context, tripID uuid.UUID, cents int64) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Trip)(nil)).
		Set("amount_collected_cents = amount_collected_cents + ?", cents).
		Set("updated_at = now()").
		Where("id = ?", tripID).
		Exec(ctx)
	return err
}
