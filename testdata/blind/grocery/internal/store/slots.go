package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type SlotRepo struct{ db *bun.DB }

func NewSlotRepo(db *bun.DB) *SlotRepo { return &SlotRepo{db: db} }

func (r *SlotRepo) Get(ctx context.Context, id uuid.UUID) (*domain.DeliverySlot, error) {
	s := new(domain.DeliverySlot)
	err := idb(ctx, r.db).NewSelect().Model(s).Where("ds.id = ?", id).Scan(ctx)
	return s, notFound(err)
}

func (r *SlotRepo) Lock(ctx context.Context, id uuid.UUID) (*domain.DeliverySlot, error) {
	s := new(domain.DeliverySlot)
	err := idb(ctx, r.db).NewSelect().Model(s).Where("ds.id = ?", id).For("UPDATE").Scan(ctx)
	return s, notFound(err)
}

func (r *SlotRepo) ListAvailable(ctx context.Context, storeID string, from, to time.Time) ([]*domain.DeliverySlot, error) {
	slots := make([]*domain.DeliverySlot, 0)
	err := idb(ctx, r.db).NewSelect().Model(&slots).
		Where("ds.store_id = ?", storeID).
		Where("ds.starts_at >= ?", from).
		Where("ds.starts_at < ?", to).
		Where("ds.reserved < ds.capacity").
		OrderExpr("ds.starts_at").
		Scan(ctx)
	return slots, err
}

func (r *SlotRepo) InsertReservation(ctx context.Context, res *domain.SlotReservation) error {
	_, err := idb(ctx, r.db).NewInsert().Model(res).Exec(ctx)
	return err
}

// InsertReservationIfAbsent inserts res unless a reservation with the same
// id exists, and reports whether it inserted.
func (r *SlotRepo) InsertReservationIfAbsent(ctx context.Context, res *domain.SlotReservation) (bool, error) {
	out, err := idb(ctx, r.db).NewInsert().Model(res).
		On("CONFLICT (id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(out)
	return n == 1, err
}

func (r *SlotRepo) Reservation(ctx context.Context, id uuid.UUID) (*domain.SlotReservation, error) {
	res := new(domain.SlotReservation)
	err := idb(ctx, r.db).NewSelect().Model(res).Where("sr.id = ?", id).Scan(ctx)
	return res, notFound(err)
}

func (r *SlotRepo) AdjustReserved(ctx context.Context, slotID uuid.UUID, delta int) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.DeliverySlot)(nil)).
		Set("reserved = GREATEST(reserved + ?, 0)", delta).
		Where("id = ?", slotID).
		Exec(ctx)
	return err
}

// ReleaseReservation moves a held or confirmed reservation to released and
// reports whether this call did it.
func (r *SlotRepo) ReleaseReservation(ctx context.Context, id uuid.UUID) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.SlotReservation)(nil)).
		Set("status = ?", domain.ReservationReleased).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]string{domain.ReservationHeld, domain.ReservationConfirmed})).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *SlotRepo) ConfirmReservation(ctx context.Context, id, orderID uuid.UUID) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.SlotReservation)(nil)).
		Set("status = ?", domain.ReservationConfirmed).
		Set("order_id = ?", orderID).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]string{domain.ReservationHeld, domain.ReservationConfirmed})).
		Exec(ctx)
	return err
}

// ExpireHeld releases held reservations past their expiry and hands back
// their capacity. It is run by the API's housekeeping loop.
func (r *SlotRepo) ExpireHeld(ctx context.Context, now time.Time, limit int) (int, error) {
	var expired []*domain.SlotReservation
	err := idb(ctx, r.db).NewUpdate().
		Model(&expired).
		Set("status = ?", domain.ReservationReleased).
		Set("updated_at = now()").
		Where("id IN (SELECT id FROM slot_reservations WHERE status = ? AND expires_at < ? ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)",
			domain.ReservationHeld, now, limit).
		Returning("sr.id, sr.slot_id").
		Scan(ctx)
	if err != nil {
		return 0, err
	}
	for _, res := range expired {
		if err := r.AdjustReserved(ctx, res.SlotID, -1); err != nil {
			return 0, err
		}
	}
	return len(expired), nil
}

// Reactivate brings a released reservation back into use for orderID and
// reports whether this call did it.
func (r *SlotRepo) Reactivate(ctx context.Context, id, orderID uuid.UUID) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.SlotReservation)(nil)).
		Set("status = ?", domain.ReservationConfirmed).
		Set("order_id = ?", orderID).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.ReservationReleased).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}
