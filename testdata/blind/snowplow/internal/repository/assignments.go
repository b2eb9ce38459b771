package repository

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Assignments persists route assignments.
type Assignments struct {
	db.Repo[domain.Assignment]
	coverage db.Repo[domain.Coverage]
	billable db.Repo[BillableRoute]
}

// NewAssignments returns an assignment repository.
func NewAssignments(pool *pgxpool.Pool) *Assignments {
	return &Assignments{
		Repo:     db.NewRepo[domain.Assignment](pool),
		coverage: db.NewRepo[domain.Coverage](pool),
		billable: db.NewRepo[BillableRoute](pool),
	}
}

const assignmentCols = `id, city_assignment_id, revision, storm_id, route_id, subcontractor_id,
	truck_id, status, covered_m, pass_count, salt_kg, assigned_at, cleared_at, ended_at`

// Insert stores an assignment.
func (r *Assignments) Insert(ctx context.Context, a domain.Assignment) error {
	_, err := r.Exec(ctx, `
		INSERT INTO route_assignments
			(id, city_assignment_id, revision, storm_id, route_id, subcontractor_id, truck_id, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		a.ID, a.CityAssignmentID, a.Revision, a.StormID, a.RouteID, a.SubcontractorID, a.TruckID, a.Status)
	return err
}

// Get loads an assignment by ID.
func (r *Assignments) Get(ctx context.Context, id uuid.UUID) (domain.Assignment, error) {
	a, err := r.One(ctx, `SELECT `+assignmentCols+` FROM route_assignments WHERE id = $1`, id)
	return a, notFound(err)
}

// OpenForTruck finds the open assignment a truck is working on a route.
func (r *Assignments) OpenForTruck(ctx context.Context, truckID, routeCode string) (domain.Assignment, error) {
	a, err := r.One(ctx, `
		SELECT `+assignmentCols+`
		FROM route_assignments
		WHERE truck_id = $1 AND ended_at IS NULL
		  AND route_id = (SELECT id FROM routes WHERE city_route_code = $2)
		ORDER BY assigned_at DESC
		LIMIT 1`, truckID, routeCode)
	return a, notFound(err)
}

// AddCoverage adds a pass's length and salt to an assignment's running
// totals and returns the new coverage against the route length.
func (r *Assignments) AddCoverage(ctx context.Context, id uuid.UUID, lengthM int, saltKg int64) (domain.Coverage, error) {
	c, err := r.coverage.One(ctx, `
		UPDATE route_assignments ra
		   SET covered_m  = ra.covered_m + $2,
		       pass_count = ra.pass_count + 1,
		       salt_kg    = ra.salt_kg + $3,
		       status     = CASE WHEN ra.status = 'assigned' THEN 'in_progress' ELSE ra.status END
		  FROM routes rt
		 WHERE ra.id = $1 AND rt.id = ra.route_id AND ra.ended_at IS NULL
		RETURNING ra.id, ra.status, ra.covered_m, rt.length_m, ra.subcontractor_id, rt.city_route_code`,
		id, lengthM, saltKg)
	return c, notFound(err)
}

// MarkCleared moves an in-progress assignment to cleared. Only the first
// caller gets true.
func (r *Assignments) MarkCleared(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE route_assignments
		   SET status = 'cleared', cleared_at = now()
		 WHERE id = $1 AND status = 'in_progress'`, id)
	return n == 1, err
}

// Release ends an open assignment. It reports false when it was already
// ended.
func (r *Assignments) Release(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.Exec(ctx, `
		UPDATE route_assignments
		   SET status = CASE WHEN status = 'cleared' THEN status ELSE 'released' END,
		       ended_at = now()
		 WHERE id = $1 AND ended_at IS NULL`, id)
	return n == 1, err
}

// ReleaseOpenForStorm ends every assignment still open for a storm.
func (r *Assignments) ReleaseOpenForStorm(ctx context.Context, stormID uuid.UUID) (int64, error) {
	return r.Exec(ctx, `
		UPDATE route_assignments
		   SET status = CASE WHEN status = 'cleared' THEN status ELSE 'released' END,
		       ended_at = now()
		 WHERE storm_id = $1 AND ended_at IS NULL`, stormID)
}

// BillableRoute is one cleared assignment with the price the city pays.
type BillableRoute struct {
	AssignmentID  uuid.UUID `db:"assignment_id"`
	RouteCode     string    `db:"city_route_code"`
	LengthM       int       `db:"length_m"`
	Priority      int       `db:"priority"`
	SaltKg        int64     `db:"salt_kg"`
	CityStormRef  string    `db:"city_storm_ref"`
	StormSeverity string    `db:"severity"`
}

// ClearedForStorm lists every cleared assignment of a storm.
func (r *Assignments) ClearedForStorm(ctx context.Context, stormID uuid.UUID) ([]BillableRoute, error) {
	return r.billable.Many(ctx, `
		SELECT ra.id AS assignment_id, rt.city_route_code, rt.length_m, rt.priority,
		       ra.salt_kg, s.city_storm_ref, s.severity
		  FROM route_assignments ra
		  JOIN routes rt ON rt.id = ra.route_id
		  JOIN storms s  ON s.id = ra.storm_id
		 WHERE ra.storm_id = $1 AND ra.status = 'cleared'
		 ORDER BY rt.city_route_code`, stormID)
}
