package reservations

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/platform"
)

// Repo stores reservations and deposits.
type Repo struct {
	db           *bun.DB
	Reservations *platform.Store[Reservation]
	Deposits     *platform.Store[Deposit]
}

// NewRepo returns the repository.
func NewRepo(db *bun.DB) *Repo {
	return &Repo{
		db:           db,
		Reservations: platform.NewStore[Reservation](db),
		Deposits:     platform.NewStore[Deposit](db),
	}
}

// Get returns a reservation.
func (r *Repo) Get(ctx context.Context, id uuid.UUID) (*Reservation, error) {
	return r.Reservations.Get(ctx, id)
}

// Occupancy returns the highest number of runs booked on any night of
// [from, to) at a location.
func (r *Repo) Occupancy(ctx context.Context, locationID string, from, to time.Time) (int, error) {
	var peak int
	err := r.Reservations.Conn(ctx).NewRaw(`
		SELECT COALESCE(MAX(n), 0) FROM (
			SELECT night, COUNT(r.id) AS n
			FROM generate_series(?::date, ?::date - 1, interval '1 day') AS night
			LEFT JOIN reservations r
			  ON r.location_id = ?
			 AND r.check_in <= night AND r.check_out > night
			 AND r.status IN ('pending_deposit', 'confirmed', 'checked_in')
			GROUP BY night
		) per_night`, from, to, locationID).Scan(ctx, &peak)
	return peak, err
}

// LockLocation serialises bookings for one location until the transaction
// in ctx ends.
func (r *Repo) LockLocation(ctx context.Context, locationID string) error {
	_, err := r.Reservations.Conn(ctx).NewRaw("SELECT pg_advisory_xact_lock(hashtext(?))", locationID).Exec(ctx)
	return err
}

// VoidPendingDeposit marks a deposit that was never charged as void.
func (r *Repo) VoidPendingDeposit(ctx context.Context, reservationID uuid.UUID) error {
	_, err := r.Deposits.Conn(ctx).NewUpdate().Model((*Deposit)(nil)).
		Set("status = ?", DepositVoid).
		Set("updated_at = now()").
		Where("reservation_id = ?", reservationID).
		Where("status = ?", DepositPending).
		Exec(ctx)
	return err
}
