package repo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Riders persists seats (vanpool memberships).
type Riders struct{}

// NewRiders returns a Riders repository.
func NewRiders() *Riders { return &Riders{} }

const riderCols = `id, vanpool_id, member_id, role, status, joined_on, left_on`

func scanRider(row pgx.Row) (*domain.Rider, error) {
	var r domain.Rider
	if err := row.Scan(&r.ID, &r.VanpoolID, &r.MemberID, &r.Role, &r.Status, &r.JoinedOn, &r.LeftOn); err != nil {
		return nil, db.NotFound(err)
	}
	return &r, nil
}

// Add inserts an active seat. If the member already has an active seat in the
// van, the existing seat is returned with inserted=false.
func (r *Riders) Add(ctx context.Context, q db.Querier, rd domain.Rider) (*domain.Rider, bool, error) {
	out, err := scanRider(q.QueryRow(ctx, `
		INSERT INTO vanpool_riders (id, vanpool_id, member_id, role, joined_on)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (vanpool_id, member_id) WHERE status = 'active' DO NOTHING
		RETURNING `+riderCols,
		rd.ID, rd.VanpoolID, rd.MemberID, rd.Role, rd.JoinedOn))
	if err == nil {
		return out, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, false, fmt.Errorf("riders: add: %w", err)
	}
	existing, err := r.GetActive(ctx, q, rd.VanpoolID, rd.MemberID)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// GetActive returns the member's active seat in a van.
func (r *Riders) GetActive(ctx context.Context, q db.Querier, vanpoolID, memberID uuid.UUID) (*domain.Rider, error) {
	out, err := scanRider(q.QueryRow(ctx, `
		SELECT `+riderCols+` FROM vanpool_riders
		WHERE vanpool_id = $1 AND member_id = $2 AND status = 'active'`, vanpoolID, memberID))
	if err != nil {
		return nil, fmt.Errorf("riders: get active: %w", err)
	}
	return out, nil
}

// ActiveForMember returns the member's current seat in any van.
func (r *Riders) ActiveForMember(ctx context.Context, q db.Querier, memberID uuid.UUID) (*domain.Rider, error) {
	out, err := scanRider(q.QueryRow(ctx, `
		SELECT `+riderCols+` FROM vanpool_riders
		WHERE member_id = $1 AND status = 'active'
		ORDER BY joined_on DESC LIMIT 1`, memberID))
	if err != nil {
		return nil, fmt.Errorf("riders: active for member: %w", err)
	}
	return out, nil
}

// End closes an active seat. ended=false means there was no active seat (it
// may already have been ended); the most recent seat is returned in that case.
func (r *Riders) End(ctx context.Context, q db.Querier, vanpoolID, memberID uuid.UUID, leftOn time.Time) (*domain.Rider, bool, error) {
	out, err := scanRider(q.QueryRow(ctx, `
		UPDATE vanpool_riders SET status = 'ended', left_on = $3
		WHERE vanpool_id = $1 AND member_id = $2 AND status = 'active'
		RETURNING `+riderCols, vanpoolID, memberID, leftOn))
	if err == nil {
		return out, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, false, fmt.Errorf("riders: end: %w", err)
	}
	last, err := scanRider(q.QueryRow(ctx, `
		SELECT `+riderCols+` FROM vanpool_riders
		WHERE vanpool_id = $1 AND member_id = $2
		ORDER BY created_at DESC LIMIT 1`, vanpoolID, memberID))
	if err != nil {
		return nil, false, fmt.Errorf("riders: last seat: %w", err)
	}
	return last, false, nil
}

// BillableRider is a seat that owes a fare for a period.
type BillableRider struct {
	RiderID     uuid.UUID
	MemberID    uuid.UUID
	VanpoolID   uuid.UUID
	JoinedOn    time.Time
	MonthlyFare money.Cents
	Role        string
}

// Billable lists seats active at any point in [start, end] on running vans.
func (r *Riders) Billable(ctx context.Context, q db.Querier, start, end time.Time) ([]BillableRider, error) {
	rows, err := q.Query(ctx, `
		SELECT vr.id, vr.member_id, vr.vanpool_id, vr.joined_on, v.monthly_fare_cents, vr.role
		FROM vanpool_riders vr
		JOIN vanpools v ON v.id = vr.vanpool_id
		WHERE v.status = 'running'
		  AND vr.joined_on <= $2
		  AND (vr.left_on IS NULL OR vr.left_on >= $1)
		ORDER BY vr.id`, start, end)
	if err != nil {
		return nil, fmt.Errorf("riders: billable: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (BillableRider, error) {
		var b BillableRider
		err := row.Scan(&b.RiderID, &b.MemberID, &b.VanpoolID, &b.JoinedOn, &b.MonthlyFare, &b.Role)
		return b, err
	})
}
