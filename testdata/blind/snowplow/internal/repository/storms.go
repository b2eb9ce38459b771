// Package repository contains the hand-written pgx repositories. Every
// method runs on the transaction carried by the context when there is one.
package repository

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

func notFound(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return domain.ErrNotFound
	}
	return err
}

// Storms persists storm events.
type Storms struct {
	db.Repo[domain.Storm]
}

// NewStorms returns a storm repository.
func NewStorms(pool *pgxpool.Pool) *Storms {
	return &Storms{Repo: db.NewRepo[domain.Storm](pool)}
}

const stormCols = `id, city_storm_ref, severity, status, declared_at, ended_at, created_at`

// Insert stores a newly declared storm.
func (r *Storms) Insert(ctx context.Context, s domain.Storm) error {
	_, err := r.Exec(ctx, `
		INSERT INTO storms (id, city_storm_ref, severity, status, declared_at)
		VALUES ($1, $2, $3, $4, $5)`,
		s.ID, s.CityStormRef, s.Severity, s.Status, s.DeclaredAt)
	return err
}

// Get loads a storm by ID.
func (r *Storms) Get(ctx context.Context, id uuid.UUID) (domain.Storm, error) {
	s, err := r.One(ctx, `SELECT `+stormCols+` FROM storms WHERE id = $1`, id)
	return s, notFound(err)
}

// LatestByCityRef returns the most recently declared storm with the city's
// reference.
func (r *Storms) LatestByCityRef(ctx context.Context, ref string) (domain.Storm, error) {
	s, err := r.One(ctx, `
		SELECT `+stormCols+` FROM storms
		WHERE city_storm_ref = $1
		ORDER BY declared_at DESC
		LIMIT 1`, ref)
	return s, notFound(err)
}

// MarkEnded moves an active storm to ended. It reports false when the storm
// was not active.
func (r *Storms) MarkEnded(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE storms SET status = 'ended', ended_at = $2
		WHERE id = $1 AND status = 'active'`, id, at)
	return n == 1, err
}

// Routes persists the city's route catalogue.
type Routes struct {
	db.Repo[domain.Route]
}

// NewRoutes returns a route repository.
func NewRoutes(pool *pgxpool.Pool) *Routes {
	return &Routes{Repo: db.NewRepo[domain.Route](pool)}
}

// Upsert records a route by the city's route code, refreshing its name and
// length, and returns the stored row.
func (r *Routes) Upsert(ctx context.Context, rt domain.Route) (domain.Route, error) {
	return r.One(ctx, `
		INSERT INTO routes (id, city_route_code, name, length_m, priority)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (city_route_code) DO UPDATE
		   SET name = EXCLUDED.name,
		       length_m = EXCLUDED.length_m,
		       priority = EXCLUDED.priority,
		       updated_at = now()
		RETURNING id, city_route_code, name, length_m, priority, updated_at`,
		rt.ID, rt.CityRouteCode, rt.Name, rt.LengthM, rt.Priority)
}
