package store

import (
	"context"
	"time"
)

// Load is one truck trip to the landfill.
type Load struct {
	ID            string     `db:"id"`
	RouteID       string     `db:"route_id"`
	TripNo        int        `db:"trip_no"`
	TruckID       string     `db:"truck_id"`
	LandfillCode  string     `db:"landfill_code"`
	Material      string     `db:"material"`
	EstTons       float64    `db:"est_tons"`
	Status        string     `db:"status"`
	SlotBookingID *string    `db:"slot_booking_id"`
	SlotStartsAt  *time.Time `db:"slot_starts_at"`
	CreatedAt     time.Time  `db:"created_at"`
}

// Manifest records a pre-arrival manifest filed with the landfill.
type Manifest struct {
	ID                string
	LoadID            string
	PartnerManifestNo string
	SubmittedBy       string
}

// Loads is the load aggregate.
type Loads interface {
	Get(ctx context.Context, q Querier, id string) (Load, error)
	ForRoute(ctx context.Context, q Querier, routeID string) ([]Load, error)
	InsertManifest(ctx context.Context, q Querier, m Manifest) error
	SetStatus(ctx context.Context, q Querier, id, status string) error
	SetSlot(ctx context.Context, q Querier, id, bookingID string, startsAt time.Time) error
}

type loadRepo struct{}

// NewLoads returns the Postgres load repository.
func NewLoads() Loads { return loadRepo{} }

const loadCols = `id, route_id, trip_no, truck_id, landfill_code, material, est_tons::float8 AS est_tons, status,
	slot_booking_id, slot_starts_at, created_at`

func (loadRepo) Get(ctx context.Context, q Querier, id string) (Load, error) {
	return one[Load](q.Query(ctx, `SELECT `+loadCols+` FROM loads WHERE id = $1`, id))
}

func (loadRepo) ForRoute(ctx context.Context, q Querier, routeID string) ([]Load, error) {
	return many[Load](q.Query(ctx, `SELECT `+loadCols+` FROM loads WHERE route_id = $1 ORDER BY trip_no`, routeID))
}

func (loadRepo) InsertManifest(ctx context.Context, q Querier, m Manifest) error {
	_, err := q.Exec(ctx, `
		INSERT INTO load_manifests (id, load_id, partner_manifest_no, submitted_by)
		VALUES ($1, $2, $3, $4)`, m.ID, m.LoadID, m.PartnerManifestNo, m.SubmittedBy)
	return err
}

func (loadRepo) SetStatus(ctx context.Context, q Querier, id, status string) error {
	_, err := q.Exec(ctx, `UPDATE loads SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (loadRepo) SetSlot(ctx context.Context, q Querier, id, bookingID string, startsAt time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE loads SET slot_booking_id = $2, slot_starts_at = $3, status = 'slotted'
		 WHERE id = $1`, id, bookingID, startsAt)
	return err
}
