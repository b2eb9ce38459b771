package repo

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Movements persists car movement events and what they produce:
// placements at customer sidings, trips and interchanges.
type Movements struct{}

// Inbox records a raw movement event by its source reference. It reports
// false if the event was already received.
func (Movements) Inbox(ctx context.Context, q db.Querier, source, sourceRef string, e domain.MovementEvent) (bool, error) {
	payload, err := json.Marshal(e)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, `
		INSERT INTO movement_inbox (source, source_ref, event_type, car_mark, payload)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (source, source_ref) DO NOTHING`,
		source, sourceRef, e.Type, e.CarMark, payload)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// InsertPlacement records a car placed at a siding. A placement is keyed by
// the railroad event that reported it; it reports whether a row was added.
func (Movements) InsertPlacement(ctx context.Context, q db.Querier, p *domain.Placement) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO car_placements (id, event_id, car_mark, lease_id, customer_id, railroad,
			location, placed_at, free_time_hours)
		VALUES ($1, $2, $3, NULLIF($4, ''), NULLIF($5, ''), $6, $7, $8, $9)
		ON CONFLICT (event_id) DO NOTHING`,
		p.ID, p.EventID, p.CarMark, p.LeaseID, p.CustomerID, p.Railroad, p.Location,
		p.PlacedAt, p.FreeTimeHours)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

const placementCols = `id, event_id, car_mark, COALESCE(lease_id, ''), COALESCE(customer_id, ''),
	railroad, location, placed_at, released_at, free_time_hours`

func scanPlacement(row interface{ Scan(...any) error }) (*domain.Placement, error) {
	var p domain.Placement
	var released sql.NullTime
	if err := row.Scan(&p.ID, &p.EventID, &p.CarMark, &p.LeaseID, &p.CustomerID, &p.Railroad,
		&p.Location, &p.PlacedAt, &released, &p.FreeTimeHours); err != nil {
		return nil, db.NotFound(err)
	}
	if released.Valid {
		t := released.Time
		p.ReleasedAt = &t
	}
	return &p, nil
}

// GetPlacement loads a placement.
func (Movements) GetPlacement(ctx context.Context, q db.Querier, id string) (*domain.Placement, error) {
	return scanPlacement(q.QueryRowContext(ctx, `SELECT `+placementCols+` FROM car_placements WHERE id = $1`, id))
}

// LatestPlacement returns the most recent placement of a car, open or not.
func (Movements) LatestPlacement(ctx context.Context, q db.Querier, carMark string) (*domain.Placement, error) {
	return scanPlacement(q.QueryRowContext(ctx, `
		SELECT `+placementCols+` FROM car_placements
		WHERE car_mark = $1 ORDER BY placed_at DESC LIMIT 1`, carMark))
}

// OpenPlacement returns the car's placement that has not been released.
func (Movements) OpenPlacement(ctx context.Context, q db.Querier, carMark string) (*domain.Placement, error) {
	return scanPlacement(q.QueryRowContext(ctx, `
		SELECT `+placementCols+` FROM car_placements
		WHERE car_mark = $1 AND released_at IS NULL ORDER BY placed_at DESC LIMIT 1`, carMark))
}

// ReleasePlacement stamps the release time on a placement.
func (Movements) ReleasePlacement(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE car_placements SET released_at = $2 WHERE id = $1`, id, at)
	return err
}

// OpenPlacementsPastFreeTime lists unreleased placements whose free time ran
// out before asOf.
func (Movements) OpenPlacementsPastFreeTime(ctx context.Context, q db.Querier, asOf time.Time) ([]domain.Placement, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT `+placementCols+` FROM car_placements
		WHERE released_at IS NULL
		  AND lease_id IS NOT NULL
		  AND placed_at + make_interval(hours => free_time_hours) < $1
		ORDER BY placed_at`, asOf)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Placement
	for rows.Next() {
		p, err := scanPlacement(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, rows.Err()
}

// InsertTrip opens a trip for a released car.
func (Movements) InsertTrip(ctx context.Context, q db.Querier, t *domain.Trip) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO car_trips (id, car_mark, lease_id, origin, loaded, started_at)
		VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6)`,
		t.ID, t.CarMark, t.LeaseID, t.Origin, t.Loaded, t.StartedAt)
	return err
}

// CloseTrips ends any open trips of a car at a destination.
func (Movements) CloseTrips(ctx context.Context, q db.Querier, carMark, destination string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE car_trips SET destination = $2, ended_at = $3
		WHERE car_mark = $1 AND ended_at IS NULL`, carMark, destination, at)
	return err
}

// InsertInterchange records a handoff between railroads.
func (Movements) InsertInterchange(ctx context.Context, q db.Querier, ic *domain.Interchange) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO car_interchanges (event_id, car_mark, from_road, to_road, junction, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		ic.EventID, ic.CarMark, ic.FromRoad, ic.ToRoad, ic.Junction, ic.OccurredAt)
	return err
}

// InsertReleaseRequest stores a release order placed with a railroad.
func (Movements) InsertReleaseRequest(ctx context.Context, q db.Querier, r *domain.ReleaseRequest) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO release_requests (id, car_mark, placement_id, railroad, railroad_order_no,
			requested_for, requested_by)
		VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6, $7)`,
		r.ID, r.CarMark, r.PlacementID, r.Railroad, r.RailroadOrderNo, r.RequestedFor, r.RequestedBy)
	return err
}
