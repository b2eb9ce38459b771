package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Rental statuses.
const (
	RentalPending = "pending"
	RentalActive  = "active"
	RentalClosed  = "closed"
)

// Rental is a container placed at a customer site on a monthly rate.
type Rental struct {
	ID               string     `db:"id"`
	CustomerID       string     `db:"customer_id"`
	SiteID           string     `db:"site_id"`
	ContainerID      *string    `db:"container_id"`
	SizeYards        int        `db:"size_yards"`
	MonthlyRateCents int64      `db:"monthly_rate_cents"`
	DepositCents     int64      `db:"deposit_cents"`
	Status           string     `db:"status"`
	StartsOn         time.Time  `db:"starts_on"`
	EndedOn          *time.Time `db:"ended_on"`
	PONumber         *string    `db:"po_number"`
	CreatedAt        time.Time  `db:"created_at"`
}

// Work order kinds.
const (
	WorkOrderDelivery = "delivery"
	WorkOrderSwap     = "swap"
	WorkOrderRemoval  = "removal"
)

// WorkOrder is a yard task against a rental: drop, swap or pull a container.
type WorkOrder struct {
	ID           uuid.UUID `db:"id"`
	RentalID     string    `db:"rental_id"`
	Kind         string    `db:"kind"`
	RequestedFor time.Time `db:"requested_for"`
	SizeYards    *int      `db:"size_yards"`
	Notes        *string   `db:"notes"`
	Status       string    `db:"status"`
	CreatedAt    time.Time `db:"created_at"`
}

// Rentals is the rental aggregate, including its work orders.
type Rentals interface {
	Insert(ctx context.Context, q Querier, r Rental) (Rental, error)
	Get(ctx context.Context, q Querier, id string) (Rental, error)
	ListActive(ctx context.Context, q Querier) ([]Rental, error)
	MarkClosed(ctx context.Context, q Querier, id string, endedOn time.Time) error
	InsertWorkOrder(ctx context.Context, q Querier, wo WorkOrder) (WorkOrder, error)
	InsertWorkOrderOnce(ctx context.Context, q Querier, wo WorkOrder) (bool, error)
}

type rentalRepo struct{}

// NewRentals returns the Postgres rental repository.
func NewRentals() Rentals { return rentalRepo{} }

const rentalCols = `id, customer_id, site_id, container_id, size_yards, monthly_rate_cents, deposit_cents,
	status, starts_on, ended_on, po_number, created_at`

func (rentalRepo) Insert(ctx context.Context, q Querier, r Rental) (Rental, error) {
	return one[Rental](q.Query(ctx, `
		INSERT INTO rentals (id, customer_id, site_id, container_id, size_yards, monthly_rate_cents,
		                     deposit_cents, status, starts_on, po_number)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		RETURNING `+rentalCols,
		r.ID, r.CustomerID, r.SiteID, r.ContainerID, r.SizeYards, r.MonthlyRateCents,
		r.DepositCents, r.Status, r.StartsOn, r.PONumber))
}

func (rentalRepo) Get(ctx context.Context, q Querier, id string) (Rental, error) {
	return one[Rental](q.Query(ctx, `SELECT `+rentalCols+` FROM rentals WHERE id = $1`, id))
}

func (rentalRepo) ListActive(ctx context.Context, q Querier) ([]Rental, error) {
	return many[Rental](q.Query(ctx,
		`SELECT `+rentalCols+` FROM rentals WHERE status = 'active' ORDER BY customer_id, id`))
}

func (rentalRepo) MarkClosed(ctx context.Context, q Querier, id string, endedOn time.Time) error {
	_, err := q.Exec(ctx,
		`UPDATE rentals SET status = 'closed', ended_on = $2 WHERE id = $1`, id, endedOn)
	return err
}

const workOrderCols = `id, rental_id, kind, requested_for, size_yards, notes, status, created_at`

func (rentalRepo) InsertWorkOrder(ctx context.Context, q Querier, wo WorkOrder) (WorkOrder, error) {
	return one[WorkOrder](q.Query(ctx, `
		INSERT INTO work_orders (id, rental_id, kind, requested_for, size_yards, notes)
		VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING `+workOrderCols,
		wo.ID, wo.RentalID, wo.Kind, wo.RequestedFor, wo.SizeYards, wo.Notes))
}

func (rentalRepo) InsertWorkOrderOnce(ctx context.Context, q Querier, wo WorkOrder) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO work_orders (id, rental_id, kind, requested_for, size_yards, notes)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT DO NOTHING`,
		wo.ID, wo.RentalID, wo.Kind, wo.RequestedFor, wo.SizeYards, wo.Notes)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
