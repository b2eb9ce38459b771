package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Driver is a truck driver reachable by SMS.
type Driver struct {
	ID      uuid.UUID `db:"id"`
	Name    string    `db:"name"`
	Phone   string    `db:"phone"`
	TruckID *string   `db:"truck_id"`
	Active  bool      `db:"active"`
}

// Route is a driver's ordered list of stops for a day.
type Route struct {
	ID          string     `db:"id"`
	DriverID    uuid.UUID  `db:"driver_id"`
	ServiceDate time.Time  `db:"service_date"`
	Status      string     `db:"status"`
	PublishedAt *time.Time `db:"published_at"`
	StopCount   int        `db:"stop_count"`
}

// Stop is a route stop joined with what the driver needs to see.
type Stop struct {
	RouteID     string     `db:"route_id"`
	PickupID    string     `db:"pickup_id"`
	Seq         int        `db:"seq"`
	StopCode    string     `db:"stop_code"`
	CompletedAt *time.Time `db:"completed_at"`
	Address     string     `db:"address"`
	SiteLabel   string     `db:"site_label"`
	CustomerID  string     `db:"customer_id"`
	ContainerID string     `db:"container_id"`
}

// Routes is the route aggregate plus the driver roster.
type Routes interface {
	Get(ctx context.Context, q Querier, id string) (Route, error)
	MarkPublished(ctx context.Context, q Querier, id string, at time.Time) (bool, error)
	Stops(ctx context.Context, q Querier, routeID string) ([]Stop, error)
	StopByCode(ctx context.Context, q Querier, code string) (Stop, error)
	CompleteStop(ctx context.Context, q Querier, routeID, pickupID string, at time.Time) error
	ForDriverOn(ctx context.Context, q Querier, driverID uuid.UUID, date time.Time) (Route, error)
	AppendStop(ctx context.Context, q Querier, routeID, pickupID, stopCode string) error
	LeastLoadedDriver(ctx context.Context, q Querier, date time.Time) (Driver, error)
	GetDriver(ctx context.Context, q Querier, id uuid.UUID) (Driver, error)
	DriverByPhone(ctx context.Context, q Querier, phone string) (Driver, error)
}

type routeRepo struct{}

// NewRoutes returns the Postgres route repository.
func NewRoutes() Routes { return routeRepo{} }

const routeCols = `id, driver_id, service_date, status, published_at, stop_count`

func (routeRepo) Get(ctx context.Context, q Querier, id string) (Route, error) {
	return one[Route](q.Query(ctx, `SELECT `+routeCols+` FROM routes WHERE id = $1`, id))
}

func (routeRepo) MarkPublished(ctx context.Context, q Querier, id string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx,
		`UPDATE routes SET status = 'published', published_at = $2 WHERE id = $1 AND status = 'draft'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const stopSelect = `
	SELECT rs.route_id, rs.pickup_id, rs.seq, rs.stop_code, rs.completed_at,
	       s.address, s.label AS site_label, s.customer_id, p.container_id
	  FROM route_stops rs
	  JOIN pickups p ON p.id = rs.pickup_id
	  JOIN sites s ON s.id = p.site_id`

func (routeRepo) Stops(ctx context.Context, q Querier, routeID string) ([]Stop, error) {
	return many[Stop](q.Query(ctx, stopSelect+` WHERE rs.route_id = $1 ORDER BY rs.seq`, routeID))
}

func (routeRepo) StopByCode(ctx context.Context, q Querier, code string) (Stop, error) {
	return one[Stop](q.Query(ctx, stopSelect+` WHERE rs.stop_code = $1`, code))
}

func (routeRepo) CompleteStop(ctx context.Context, q Querier, routeID, pickupID string, at time.Time) error {
	_, err := q.Exec(ctx,
		`UPDATE route_stops SET completed_at = $3 WHERE route_id = $1 AND pickup_id = $2`,
		routeID, pickupID, at)
	return err
}

func (routeRepo) ForDriverOn(ctx context.Context, q Querier, driverID uuid.UUID, date time.Time) (Route, error) {
	return one[Route](q.Query(ctx,
		`SELECT `+routeCols+` FROM routes WHERE driver_id = $1 AND service_date = $2`, driverID, date))
}

func (routeRepo) AppendStop(ctx context.Context, q Querier, routeID, pickupID, stopCode string) error {
	if _, err := q.Exec(ctx, `
		INSERT INTO route_stops (route_id, pickup_id, seq, stop_code)
		SELECT $1, $2, COALESCE(MAX(seq), 0) + 1, $3 FROM route_stops WHERE route_id = $1
		ON CONFLICT (route_id, pickup_id) DO NOTHING`, routeID, pickupID, stopCode); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `
		UPDATE routes SET stop_count = (SELECT count(*) FROM route_stops WHERE route_id = $1)
		 WHERE id = $1`, routeID)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE pickups SET route_id = $1 WHERE id = $2`, routeID, pickupID)
	return err
}

const driverCols = `id, name, phone, truck_id, active`

func (routeRepo) LeastLoadedDriver(ctx context.Context, q Querier, date time.Time) (Driver, error) {
	return one[Driver](q.Query(ctx, `
		SELECT d.id, d.name, d.phone, d.truck_id, d.active
		  FROM drivers d
		  LEFT JOIN pickups p ON p.driver_id = d.id AND p.service_date = $1 AND p.status <> 'cancelled'
		 WHERE d.active
		 GROUP BY d.id
		 ORDER BY count(p.id), d.name
		 LIMIT 1`, date))
}

func (routeRepo) GetDriver(ctx context.Context, q Querier, id uuid.UUID) (Driver, error) {
	return one[Driver](q.Query(ctx, `SELECT `+driverCols+` FROM drivers WHERE id = $1`, id))
}

func (routeRepo) DriverByPhone(ctx context.Context, q Querier, phone string) (Driver, error) {
	return one[Driver](q.Query(ctx, `SELECT `+driverCols+` FROM drivers WHERE phone = $1`, phone))
}
