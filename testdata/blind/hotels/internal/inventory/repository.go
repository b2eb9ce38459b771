package inventory

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/bundb"
)

// Repository is the bun-backed store. Methods use the transaction carried by
// ctx (see bundb.Conn).
type Repository interface {
	InsertHold(ctx context.Context, h *Hold) (bool, error)
	GetHold(ctx context.Context, reservationID string) (*Hold, error)
	UpdateHold(ctx context.Context, h *Hold) error
	ConfirmHold(ctx context.Context, reservationID string) (bool, error)
	ShiftSold(ctx context.Context, propertyID, roomTypeID string, nights []time.Time, delta int) error
	InsertRelease(ctx context.Context, r *Release) error
	UpsertRates(ctx context.Context, days []RateDay) error
	ClaimAdjustment(ctx context.Context, a *Adjustment) (bool, error)
	AddAllotment(ctx context.Context, propertyID, roomTypeID string, night time.Time, delta int) error
	Nights(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RoomNight, error)
	Rates(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RateDay, error)
	ExpireHolds(ctx context.Context, now time.Time) ([]Hold, error)
}

type bunRepository struct{ db *bun.DB }

// NewRepository returns the bun implementation.
func NewRepository(db *bun.DB) Repository { return &bunRepository{db: db} }

func (r *bunRepository) conn(ctx context.Context) bun.IConn { return bundb.Conn(ctx, r.db) }

func (r *bunRepository) InsertHold(ctx context.Context, h *Hold) (bool, error) {
	res, err := r.db.NewInsert().Conn(r.conn(ctx)).Model(h).
		On("CONFLICT (reservation_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("inventory: insert hold: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *bunRepository) GetHold(ctx context.Context, reservationID string) (*Hold, error) {
	h := new(Hold)
	err := r.db.NewSelect().Conn(r.conn(ctx)).Model(h).Where("reservation_id = ?", reservationID).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("inventory: hold %s: %w", reservationID, err)
	}
	return h, nil
}

func (r *bunRepository) UpdateHold(ctx context.Context, h *Hold) error {
	_, err := r.db.NewUpdate().Conn(r.conn(ctx)).Model(h).WherePK().
		Column("property_id", "room_type_id", "check_in", "check_out", "status", "expires_at").
		Exec(ctx)
	return err
}

func (r *bunRepository) ConfirmHold(ctx context.Context, reservationID string) (bool, error) {
	res, err := r.db.NewUpdate().Conn(r.conn(ctx)).Model((*Hold)(nil)).
		Set("status = ?", "sold").
		Set("expires_at = NULL").
		Where("reservation_id = ?", reservationID).
		Where("status IN (?)", bun.In([]string{"held", "sold"})).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *bunRepository) ShiftSold(ctx context.Context, propertyID, roomTypeID string, nights []time.Time, delta int) error {
	if len(nights) == 0 || delta == 0 {
		return nil
	}
	q := r.db.NewUpdate().Conn(r.conn(ctx)).Model((*RoomNight)(nil)).
		Set("sold = sold + ?", delta).
		Set("updated_at = now()").
		Where("property_id = ?", propertyID).
		Where("room_type_id = ?", roomTypeID).
		Where("stay_date IN (?)", bun.In(nights))
	if delta > 0 {
		q = q.Where("NOT stop_sell").Where("sold + ? <= allotment", delta)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return fmt.Errorf("inventory: shift sold: %w", err)
	}
	if n, _ := res.RowsAffected(); int(n) != len(nights) {
		if delta > 0 {
			return domain.ErrSoldOut
		}
		return fmt.Errorf("inventory: released %d of %d nights", n, len(nights))
	}
	return nil
}

func (r *bunRepository) InsertRelease(ctx context.Context, rel *Release) error {
	_, err := r.db.NewInsert().Conn(r.conn(ctx)).Model(rel).Exec(ctx)
	if err != nil {
		return fmt.Errorf("inventory: insert release %s: %w", rel.ReservationID, err)
	}
	return nil
}

func (r *bunRepository) UpsertRates(ctx context.Context, days []RateDay) error {
	if len(days) == 0 {
		return nil
	}
	_, err := r.db.NewInsert().Conn(r.conn(ctx)).Model(&days).
		On("CONFLICT (property_id, rate_plan_id, room_type_id, stay_date) DO UPDATE").
		Set("amount_minor = EXCLUDED.amount_minor").
		Set("currency = EXCLUDED.currency").
		Set("min_stay = EXCLUDED.min_stay").
		Set("updated_at = now()").
		Exec(ctx)
	return err
}

func (r *bunRepository) ClaimAdjustment(ctx context.Context, a *Adjustment) (bool, error) {
	res, err := r.db.NewInsert().Conn(r.conn(ctx)).Model(a).
		On("CONFLICT DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *bunRepository) AddAllotment(ctx context.Context, propertyID, roomTypeID string, night time.Time, delta int) error {
	_, err := r.db.NewUpdate().Conn(r.conn(ctx)).Model((*RoomNight)(nil)).
		Set("allotment = GREATEST(allotment + ?, sold)", delta).
		Set("updated_at = now()").
		Where("property_id = ? AND room_type_id = ? AND stay_date = ?", propertyID, roomTypeID, night).
		Exec(ctx)
	return err
}

func (r *bunRepository) Nights(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RoomNight, error) {
	var out []RoomNight
	q := r.db.NewSelect().Conn(r.conn(ctx)).Model(&out).
		Where("property_id = ?", propertyID).
		Where("stay_date >= ? AND stay_date < ?", from, to).
		Order("room_type_id", "stay_date")
	if len(roomTypes) > 0 {
		q = q.Where("room_type_id IN (?)", bun.In(roomTypes))
	}
	return out, q.Scan(ctx)
}

func (r *bunRepository) Rates(ctx context.Context, propertyID string, roomTypes []string, from, to time.Time) ([]RateDay, error) {
	var out []RateDay
	q := r.db.NewSelect().Conn(r.conn(ctx)).Model(&out).
		Where("property_id = ?", propertyID).
		Where("stay_date >= ? AND stay_date < ?", from, to).
		Where("rate_plan_id = ?", "BAR")
	if len(roomTypes) > 0 {
		q = q.Where("room_type_id IN (?)", bun.In(roomTypes))
	}
	return out, q.Scan(ctx)
}

func (r *bunRepository) ExpireHolds(ctx context.Context, now time.Time) ([]Hold, error) {
	var out []Hold
	_, err := r.db.NewUpdate().Conn(r.conn(ctx)).Model((*Hold)(nil)).
		Set("status = ?", "expired").
		Where("status = ?", "held").
		Where("expires_at < ?", now).
		Returning("*").
		Exec(ctx, &out)
	return out, err
}
