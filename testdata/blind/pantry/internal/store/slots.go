package store

import (
	"context"
	"fmt"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// SlotRepo manages delivery slot capacity.
type SlotRepo struct {
	db pg.DBTX
}

// NewSlotRepo builds a SlotRepo.
func NewSlotRepo(db pg.DBTX) *SlotRepo { return &SlotRepo{db: db} }

// Reserve takes one unit of capacity, failing with ErrSlotFull.
func (r *SlotRepo) Reserve(ctx context.Context, slotID int64) error {
	tag, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE delivery_slots SET reserved = reserved + 1
		 WHERE id = $1 AND reserved < capacity AND NOT closed`, slotID)
	if err != nil {
		return fmt.Errorf("reserve slot: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrSlotFull
	}
	return nil
}

// Release gives one unit of capacity back.
func (r *SlotRepo) Release(ctx context.Context, slotID int64) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE delivery_slots SET reserved = GREATEST(reserved - 1, 0) WHERE id = $1`, slotID)
	if err != nil {
		return fmt.Errorf("release slot: %w", err)
	}
	return nil
}

// GetForUpdate loads and locks a slot.
func (r *SlotRepo) GetForUpdate(ctx context.Context, slotID int64) (domain.Slot, error) {
	var s domain.Slot
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT id, store_id, starts_at, ends_at, capacity, reserved, closed
		  FROM delivery_slots WHERE id = $1 FOR UPDATE`, slotID).
		Scan(&s.ID, &s.StoreID, &s.Starts, &s.Ends, &s.Capacity, &s.Reserved, &s.Closed)
	if err != nil {
		return domain.Slot{}, fmt.Errorf("lock slot %d: %w", slotID, pg.NotFound(err))
	}
	return s, nil
}

// Get loads a slot without locking it.
func (r *SlotRepo) Get(ctx context.Context, slotID int64) (domain.Slot, error) {
	var s domain.Slot
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT id, store_id, starts_at, ends_at, capacity, reserved, closed
		  FROM delivery_slots WHERE id = $1`, slotID).
		Scan(&s.ID, &s.StoreID, &s.Starts, &s.Ends, &s.Capacity, &s.Reserved, &s.Closed)
	if err != nil {
		return domain.Slot{}, fmt.Errorf("get slot %d: %w", slotID, pg.NotFound(err))
	}
	return s, nil
}

// MarkClosed closes a slot for new bookings.
func (r *SlotRepo) MarkClosed(ctx context.Context, slotID int64) error {
	_, err := conn(ctx, r.db).Exec(ctx, `UPDATE delivery_slots SET closed = true WHERE id = $1`, slotID)
	return err
}
