package routes

import (
	"context"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds route queries.
type Store struct {
	routes *repository.Repository[Route]
	events *repository.Repository[DeliveryEvent]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		routes: repository.New[Route]("delivery_routes", "id"),
		events: repository.New[DeliveryEvent]("delivery_events", "courier_event_id"),
	}
}

// Loads lists pickup points with packed or locked boxes for a week.
func (s *Store) Loads(ctx context.Context, q database.Queryer, week time.Time) ([]PointLoad, error) {
	var out []PointLoad
	err := q.SelectContext(ctx, &out, `
		SELECT p.id AS pickup_point_id, p.address, count(b.id) AS boxes
		FROM boxes b
		JOIN subscriptions s ON s.id = b.subscription_id
		JOIN pickup_points p ON p.id = s.pickup_point_id
		WHERE b.week_start = $1 AND b.status IN ('locked', 'packed')
		GROUP BY p.id, p.address
		ORDER BY p.id`, week)
	return out, err
}

// ClaimRoute creates the route for (point, week) unless it exists.
func (s *Store) ClaimRoute(ctx context.Context, q database.Queryer, r *Route) (bool, error) {
	return s.routes.InsertIgnore(ctx, q, r, "pickup_point_id", "week_start")
}

// AddStops puts every box for the point and week on the route.
func (s *Store) AddStops(ctx context.Context, q database.Queryer, routeID, pointID string, week time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO route_stops (route_id, box_id, member_id)
		SELECT $1, b.id, s.member_id
		FROM boxes b JOIN subscriptions s ON s.id = b.subscription_id
		WHERE s.pickup_point_id = $2 AND b.week_start = $3 AND b.status IN ('locked', 'packed')
		ON CONFLICT (route_id, box_id) DO NOTHING`, routeID, pointID, week)
	return err
}

// Get loads a route.
func (s *Store) Get(ctx context.Context, q database.Queryer, id string) (*Route, error) {
	return s.routes.Get(ctx, q, id)
}

// Stops lists a route's stops.
func (s *Store) Stops(ctx context.Context, q database.Queryer, routeID string) ([]Stop, error) {
	var out []Stop
	err := q.SelectContext(ctx, &out, `SELECT * FROM route_stops WHERE route_id = $1 ORDER BY box_id`, routeID)
	return out, err
}

// PointAddress returns the pickup point's address.
func (s *Store) PointAddress(ctx context.Context, q database.Queryer, pointID string) (string, error) {
	var addr string
	err := q.GetContext(ctx, &addr, `SELECT address FROM pickup_points WHERE id = $1`, pointID)
	return addr, database.NotFound(err)
}

// SetHandoff records the courier's handoff for a route.
func (s *Store) SetHandoff(ctx context.Context, q database.Queryer, routeID, handoffID, tracking string) error {
	_, err := s.routes.Update(ctx, q, routeID, map[string]any{
		"courier_handoff_id": handoffID,
		"tracking_url":       tracking,
		"status":             StatusHandedOff,
		"updated_at":         time.Now(),
	})
	return err
}

// ByHandoff finds the route for a courier handoff.
func (s *Store) ByHandoff(ctx context.Context, q database.Queryer, handoffID string) (*Route, error) {
	return s.routes.GetBy(ctx, q, map[string]any{"courier_handoff_id": handoffID})
}

// InsertEvent stores a courier update.
func (s *Store) InsertEvent(ctx context.Context, q database.Queryer, e *DeliveryEvent) error {
	return s.events.Insert(ctx, q, e)
}

// SetStopStatus updates one stop.
func (s *Store) SetStopStatus(ctx context.Context, q database.Queryer, routeID, boxID, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE route_stops SET status = $3 WHERE route_id = $1 AND box_id = $2`, routeID, boxID, status)
	return err
}

// StopMember returns the member whose box is at a stop.
func (s *Store) StopMember(ctx context.Context, q database.Queryer, routeID, boxID string) (string, error) {
	var m string
	err := q.GetContext(ctx, &m, `SELECT member_id FROM route_stops WHERE route_id = $1 AND box_id = $2`, routeID, boxID)
	return m, database.NotFound(err)
}

// SetRouteStatus moves the route forward.
func (s *Store) SetRouteStatus(ctx context.Context, q database.Queryer, routeID, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE delivery_routes SET status = $2, updated_at = now() WHERE id = $1`, routeID, status)
	return err
}
