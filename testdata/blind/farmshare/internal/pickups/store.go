package pickups

import (
	"context"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
)

// Store holds reservation queries.
type Store struct{}

// LockPoint loads and row-locks a pickup point so capacity checks serialise.
func (Store) LockPoint(ctx context.Context, q database.Queryer, id string) (*PickupPoint, error) {
	var p PickupPoint
	if err := q.GetContext(ctx, &p, `SELECT * FROM pickup_points WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, database.NotFound(err)
	}
	return &p, nil
}

// CountOthers counts reservations at a point for a week, excluding subID.
func (Store) CountOthers(ctx context.Context, q database.Queryer, pointID string, week time.Time, subID string) (int, error) {
	var n int
	err := q.GetContext(ctx, &n, `
		SELECT count(*) FROM pickup_reservations
		WHERE pickup_point_id = $1 AND week_start = $2 AND subscription_id <> $3`, pointID, week, subID)
	return n, err
}

// Upsert creates or moves the subscription's reservation for the week.
func (Store) Upsert(ctx context.Context, q database.Queryer, r *Reservation) (*Reservation, error) {
	var out Reservation
	err := q.GetContext(ctx, &out, `
		INSERT INTO pickup_reservations (id, subscription_id, pickup_point_id, week_start, slot_start, slot_end, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, now())
		ON CONFLICT (subscription_id, week_start) DO UPDATE
		SET pickup_point_id = EXCLUDED.pickup_point_id,
		    slot_start = EXCLUDED.slot_start,
		    slot_end = EXCLUDED.slot_end,
		    updated_at = now()
		RETURNING *`,
		r.ID, r.SubscriptionID, r.PickupPointID, r.WeekStart, r.SlotStart, r.SlotEnd)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetLocked loads and row-locks a reservation.
func (Store) GetLocked(ctx context.Context, q database.Queryer, id string) (*Reservation, error) {
	var r Reservation
	if err := q.GetContext(ctx, &r, `SELECT * FROM pickup_reservations WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, database.NotFound(err)
	}
	return &r, nil
}

// Move updates a reservation's point and slot.
func (Store) Move(ctx context.Context, q database.Queryer, id, pointID string, start, end time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE pickup_reservations
		SET pickup_point_id = $2, slot_start = $3, slot_end = $4, updated_at = now()
		WHERE id = $1`, id, pointID, start, end)
	return err
}

// SubscriptionActive reports whether the subscription is active.
func (Store) SubscriptionActive(ctx context.Context, q database.Queryer, subID string) (bool, error) {
	var status string
	if err := q.GetContext(ctx, &status, `SELECT status FROM subscriptions WHERE id = $1`, subID); err != nil {
		return false, database.NotFound(err)
	}
	return status == "active", nil
}

// MemberPhone returns the phone number of the subscription's member.
func (Store) MemberPhone(ctx context.Context, q database.Queryer, subID string) (string, error) {
	var phone *string
	err := q.GetContext(ctx, &phone, `
		SELECT m.phone FROM subscriptions s JOIN members m ON m.id = s.member_id WHERE s.id = $1`, subID)
	if err != nil || phone == nil {
		return "", database.NotFound(err)
	}
	return *phone, nil
}
