package repo

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Yard stores blocks, slots and slot allocations.
type Yard struct {
	blocks *db.Repository[domain.YardBlock]
	slots  *db.Repository[domain.YardSlot]
	allocs *db.Repository[domain.YardAllocation]
}

func NewYard(g *gorm.DB) *Yard {
	return &Yard{
		blocks: db.NewRepository[domain.YardBlock](g),
		slots:  db.NewRepository[domain.YardSlot](g),
		allocs: db.NewRepository[domain.YardAllocation](g),
	}
}

// ClaimFreeSlot locks the lowest free slot in a matching block and marks it
// ClaimFreeSlot locks the lowest free slot in a matching block and marks it
// reserved. It must run inside a unit of work.
func (r *Yard) ClaimFreeSlot(ctx context.Context, reefer bool, containerNo string) (*domain.YardSlot, error) {
	var slot domain.YardSlot
	err := r.slots.DB(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Joins("JOIN yard_blocks b ON b.id = yard_slots.block_id").
		Where("yard_slots.status = ? AND b.reefer = ? AND b.occupied < b.capacity", domain.SlotFree, reefer).
		Order("b.occupied ASC, yard_slots.bay, yard_slots.row_no, yard_slots.tier").
		First(&slot).Error
	if err != nil {
		return nil, db.Translate(err)
	}
	_, err = r.slots.UpdateWhere(ctx, map[string]any{
		"status": domain.SlotReserved, "container_no": containerNo, "updated_at": time.Now(),
	}, "id = ?", slot.ID)
	return &slot, err
}

func (r *Yard) CreateAllocation(ctx context.Context, a *domain.YardAllocation) error {
	return r.allocs.Create(ctx, a)
}

func (r *Yard) GetAllocation(ctx context.Context, id string) (*domain.YardAllocation, error) {
	return r.allocs.FindByID(ctx, id)
}

func (r *Yard) CloseAllocation(ctx context.Context, id, status string, at time.Time) (bool, error) {
	n, err := r.allocs.UpdateWhere(ctx, map[string]any{"status": status, "released_at": at},
		"id = ? AND status = ?", id, "active")
	return n == 1, err
}

func (r *Yard) ActiveAllocation(ctx context.Context, containerNo string) (*domain.YardAllocation, error) {
	return r.allocs.FindOne(ctx, "container_no = ? AND status = ?", containerNo, "active")
}

func (r *Yard) AdjustOccupancy(ctx context.Context, blockID string, delta int) error {
	_, err := r.blocks.UpdateWhere(ctx, map[string]any{
		"occupied": gorm.Expr("occupied + ?", delta),
	}, "id = ?", blockID)
	return err
}

func (r *Yard) DecrementOccupancy(ctx context.Context, blockID string) error {
	_, err := r.blocks.UpdateWhere(ctx, map[string]any{
		"occupied": gorm.Expr("occupied - 1"),
	}, "id = ? AND occupied > 0", blockID)
	return err
}

func (r *Yard) OccupySlot(ctx context.Context, slotID, containerNo string) error {
	_, err := r.slots.UpdateWhere(ctx, map[string]any{
		"status": domain.SlotOccupied, "container_no": containerNo, "updated_at": time.Now(),
	}, "id = ?", slotID)
	return err
}

func (r *Yard) FreeSlot(ctx context.Context, slotID string) (string, error) {
	slot, err := r.slots.FindByID(ctx, slotID)
	if err != nil {
		return "", err
	}
	_, err = r.slots.UpdateWhere(ctx, map[string]any{
		"status": domain.SlotFree, "container_no": nil, "updated_at": time.Now(),
	}, "id = ?", slotID)
	return slot.BlockID, err
}

func (r *Yard) SlotBlock(ctx context.Context, slotID string) (string, error) {
	slot, err := r.slots.FindByID(ctx, slotID)
	if err != nil {
		return "", err
	}
	return slot.BlockID, nil
}
