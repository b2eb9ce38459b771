package repo

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Vanpools persists vans and their seat counts.
type Vanpools struct{}

// NewVanpools returns a Vanpools repository.
func NewVanpools() *Vanpools { return &Vanpools{} }

const vanpoolCols = `id, name, origin, destination, capacity, seats_taken, monthly_fare_cents,
	driver_member_id, lease_id, status, created_at`

func scanVanpool(row pgx.Row) (*domain.Vanpool, error) {
	var v domain.Vanpool
	err := row.Scan(&v.ID, &v.Name, &v.Origin, &v.Destination, &v.Capacity, &v.SeatsTaken,
		&v.MonthlyFareCents, &v.DriverMemberID, &v.LeaseID, &v.Status, &v.CreatedAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &v, nil
}

// Create inserts a new vanpool.
func (r *Vanpools) Create(ctx context.Context, q db.Querier, v domain.Vanpool) (*domain.Vanpool, error) {
	out, err := scanVanpool(q.QueryRow(ctx, `
		INSERT INTO vanpools (id, name, origin, destination, capacity, monthly_fare_cents, driver_member_id, lease_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		RETURNING `+vanpoolCols,
		v.ID, v.Name, v.Origin, v.Destination, v.Capacity, v.MonthlyFareCents, v.DriverMemberID, v.LeaseID))
	if err != nil {
		return nil, fmt.Errorf("vanpools: create: %w", err)
	}
	return out, nil
}

// Get loads a vanpool.
func (r *Vanpools) Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Vanpool, error) {
	v, err := scanVanpool(q.QueryRow(ctx, `SELECT `+vanpoolCols+` FROM vanpools WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("vanpools: get %s: %w", id, err)
	}
	return v, nil
}

// GetForUpdate loads a vanpool and locks its row for the rest of the transaction.
func (r *Vanpools) GetForUpdate(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Vanpool, error) {
	v, err := scanVanpool(q.QueryRow(ctx, `SELECT `+vanpoolCols+` FROM vanpools WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return nil, fmt.Errorf("vanpools: lock %s: %w", id, err)
	}
	return v, nil
}

// TakeSeat increments seats_taken if the van has room. It returns
// domain.ErrVanFull when the van is already at capacity.
func (r *Vanpools) TakeSeat(ctx context.Context, q db.Querier, id uuid.UUID) error {
	tag, err := q.Exec(ctx, `
		UPDATE vanpools
		SET seats_taken = seats_taken + 1,
		    status = CASE WHEN status = 'forming' AND seats_taken + 1 >= 4 THEN 'running' ELSE status END
		WHERE id = $1 AND seats_taken < capacity`, id)
	if err != nil {
		return fmt.Errorf("vanpools: take seat: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrVanFull
	}
	return nil
}

// ReleaseSeat decrements seats_taken.
func (r *Vanpools) ReleaseSeat(ctx context.Context, q db.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `
		UPDATE vanpools SET seats_taken = greatest(seats_taken - 1, 0) WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("vanpools: release seat: %w", err)
	}
	return nil
}
