package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Rides interface {
	Get(ctx context.Context, id uuid.UUID) (db.Ride, error)
	Create(ctx context.Context, arg db.CreateRideParams) (db.Ride, error)
	MarkStarted(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	End(ctx context.Context, arg db.EndRideParams) (db.Ride, bool, error)
	Void(ctx context.Context, id uuid.UUID, reason string) (bool, error)
	ListStale(ctx context.Context, before time.Time, limit int32) ([]db.Ride, error)
	With(q db.Querier) Rides
}

type rideRepo struct{ q db.Querier }

func NewRides(q db.Querier) Rides { return &rideRepo{q: q} }

func (r *rideRepo) With(q db.Querier) Rides { return &rideRepo{q: q} }

func (r *rideRepo) Get(ctx context.Context, id uuid.UUID) (db.Ride, error) {
	ride, err := r.q.GetRide(ctx, id)
	return ride, notFound(err)
}

func (r *rideRepo) Create(ctx context.Context, arg db.CreateRideParams) (db.Ride, error) {
	return r.q.CreateRide(ctx, arg)
}

func (r *rideRepo) MarkStarted(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.q.MarkRideStarted(ctx, db.MarkRideStartedParams{
		ID:        id,
		StartedAt: pgtype.Timestamptz{Time: at, Valid: true},
	})
	return n == 1, err
}

// End closes an open ride. The bool is false when the ride was already
// closed, in which case the stored ride is returned.
func (r *rideRepo) End(ctx context.Context, arg db.EndRideParams) (db.Ride, bool, error) {
	ride, err := r.q.EndRide(ctx, arg)
	if err == nil {
		return ride, true, nil
	}
	if err = notFound(err); err != ErrNotFound {
		return db.Ride{}, false, err
	}
	existing, err := r.q.GetRide(ctx, arg.ID)
	if err != nil {
		return db.Ride{}, false, notFound(err)
	}
	return existing, false, nil
}

func (r *rideRepo) Void(ctx context.Context, id uuid.UUID, reason string) (bool, error) {
	n, err := r.q.VoidRide(ctx, db.VoidRideParams{ID: id, EndReason: text(reason)})
	return n == 1, err
}

func (r *rideRepo) ListStale(ctx context.Context, before time.Time, limit int32) ([]db.Ride, error) {
	return r.q.ListStaleRides(ctx, db.ListStaleRidesParams{Before: before, Limit: limit})
}

type Riders interface {
	Get(ctx context.Context, id uuid.UUID) (db.Rider, error)
}

type riderRepo struct{ q db.Querier }

func NewRiders(q db.Querier) Riders { return &riderRepo{q: q} }

func (r *riderRepo) Get(ctx context.Context, id uuid.UUID) (db.Rider, error) {
	rider, err := r.q.GetRider(ctx, id)
	return rider, notFound(err)
}
