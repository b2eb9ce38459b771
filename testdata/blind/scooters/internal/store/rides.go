package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Rides struct{ db *pgstore.DB }

const rideColumns = `id, rider_id, scooter_id, zone_id, unlock_key, status, started_at, ended_at,
	coalesce(ended_by, ''), distance_m, start_lat, start_lng, end_lat, end_lng, reported_at`

func scanRide(row pgx.Row) (*domain.Ride, error) {
	var (
		r          domain.Ride
		sLat, sLng *float64
		eLat, eLng *float64
	)
	err := row.Scan(&r.ID, &r.RiderID, &r.ScooterID, &r.ZoneID, &r.UnlockKey, &r.Status,
		&r.StartedAt, &r.EndedAt, &r.EndedBy, &r.DistanceM, &sLat, &sLng, &eLat, &eLng, &r.ReportedAt)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	if sLat != nil && sLng != nil {
		r.Start = domain.Position{Lat: *sLat, Lng: *sLng}
	}
	if eLat != nil && eLng != nil {
		r.End = &domain.Position{Lat: *eLat, Lng: *eLng}
	}
	return &r, nil
}

// Create inserts a ride for an unlock request. The (rider_id, unlock_key)
// pair is unique, so a repeated unlock request finds the ride it already
// created; created is false in that case.
func (r *Rides) Create(ctx context.Context, ride *domain.Ride) (created bool, err error) {
	var id uuid.UUID
	err = r.db.Q(ctx).QueryRow(ctx, `
		INSERT INTO rides (id, rider_id, scooter_id, zone_id, unlock_key, status, started_at, start_lat, start_lng)
		VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8)
		ON CONFLICT (rider_id, unlock_key) DO NOTHING
		RETURNING id`,
		ride.ID, ride.RiderID, ride.ScooterID, ride.ZoneID, ride.UnlockKey, ride.StartedAt,
		ride.Start.Lat, ride.Start.Lng).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (r *Rides) Get(ctx context.Context, id uuid.UUID) (*domain.Ride, error) {
	return scanRide(r.db.Q(ctx).QueryRow(ctx, `SELECT `+rideColumns+` FROM rides WHERE id = $1`, id))
}

func (r *Rides) GetByUnlockKey(ctx context.Context, riderID uuid.UUID, key string) (*domain.Ride, error) {
	return scanRide(r.db.Q(ctx).QueryRow(ctx,
		`SELECT `+rideColumns+` FROM rides WHERE rider_id = $1 AND unlock_key = $2`, riderID, key))
}

func (r *Rides) ActiveForScooter(ctx context.Context, scooterID string) (*domain.Ride, error) {
	return scanRide(r.db.Q(ctx).QueryRow(ctx,
		`SELECT `+rideColumns+` FROM rides WHERE scooter_id = $1 AND status = 'active'`, scooterID))
}

// LastEndedForScooter returns the most recent finished ride on a scooter,
// i.e. the rider responsible for where it is parked now.
func (r *Rides) LastEndedForScooter(ctx context.Context, scooterID string) (*domain.Ride, error) {
	return scanRide(r.db.Q(ctx).QueryRow(ctx, `
		SELECT `+rideColumns+` FROM rides
		WHERE scooter_id = $1 AND status = 'ended'
		ORDER BY ended_at DESC LIMIT 1`, scooterID))
}

// End closes an active ride. It reports false if the ride was not active
// (already ended, or not this rider's).
func (r *Rides) End(ctx context.Context, id uuid.UUID, endedAt time.Time, pos domain.Position, endedBy string) (bool, error) {
	tag, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE rides
		SET status = 'ended', ended_at = $2, end_lat = $3, end_lng = $4, ended_by = $5
		WHERE id = $1 AND status = 'active'`, id, endedAt, pos.Lat, pos.Lng, endedBy)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Rides) AddDistance(ctx context.Context, id uuid.UUID, deltaM int64) error {
	_, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE rides SET distance_m = distance_m + $2 WHERE id = $1 AND status = 'active'`, id, deltaM)
	return err
}

// UnreportedInWindow lists finished rides in a zone that have not been sent
// to the regulator yet.
func (r *Rides) UnreportedInWindow(ctx context.Context, zoneID string, from, to time.Time) ([]domain.Ride, error) {
	rows, err := r.db.Q(ctx).Query(ctx, `
		SELECT `+rideColumns+` FROM rides
		WHERE zone_id = $1 AND status = 'ended' AND ended_at >= $2 AND ended_at < $3
		  AND reported_at IS NULL
		ORDER BY ended_at`, zoneID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Ride
	for rows.Next() {
		ride, err := scanRide(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *ride)
	}
	return out, rows.Err()
}

func (r *Rides) MarkReported(ctx context.Context, ids []uuid.UUID, at time.Time) error {
	_, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE rides SET reported_at = $2 WHERE id = ANY($1) AND reported_at IS NULL`, ids, at)
	return err
}
