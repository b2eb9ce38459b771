package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// ErrStaleState is returned when a conditional update matched no row.
var ErrStaleState = errors.New("store: row not in expected state")

// Allocations is the allocation repository.
type Allocations struct{ db *gorm.DB }

// NewAllocations returns the allocation repository.
func NewAllocations(db *gorm.DB) *Allocations { return &Allocations{db: db} }

// Get loads an allocation with its items.
func (r *Allocations) Get(ctx context.Context, id uuid.UUID) (*models.Allocation, error) {
	var a models.Allocation
	if err := r.db.WithContext(ctx).Preload("Items").First(&a, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// GetForUpdate locks an allocation row inside tx.
func (r *Allocations) GetForUpdate(tx *gorm.DB, id uuid.UUID) (*models.Allocation, error) {
	var a models.Allocation
	if err := forUpdate(tx).First(&a, "id = ?", id).Error; err != nil {
		return nil, err
	}
	if err := tx.Where("allocation_id = ?", id).Find(&a.Items).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// Create writes an allocation and its items.
func (r *Allocations) Create(tx *gorm.DB, a *models.Allocation) error {
	return tx.Create(a).Error
}

// AddItems appends lines and bumps the subtotal.
func (r *Allocations) AddItems(tx *gorm.DB, id uuid.UUID, items []models.AllocationItem) error {
	var delta int64
	for i := range items {
		delta += items[i].UnitCents * int64(items[i].Quantity)
	}
	if err := tx.Create(&items).Error; err != nil {
		return err
	}
	return tx.Model(&models.Allocation{}).Where("id = ?", id).Updates(map[string]any{
		"subtotal_cents": gorm.Expr("subtotal_cents + ?", delta),
		"updated_at":     time.Now().UTC(),
	}).Error
}

// Transition moves an allocation from one of the given states to next.
func (r *Allocations) Transition(tx *gorm.DB, id uuid.UUID, next string, from ...string) error {
	res := tx.Model(&models.Allocation{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": next, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrStaleState
	}
	return nil
}

// SetCreditApplied sets the applied credit on an allocation.
func (r *Allocations) SetCreditApplied(tx *gorm.DB, id uuid.UUID, cents int64) error {
	return tx.Model(&models.Allocation{}).Where("id = ?", id).Updates(map[string]any{
		"credit_applied_cents": cents,
		"updated_at":           time.Now().UTC(),
	}).Error
}

// CancelOpenForMember cancels the member's allocations that have not been
// charged yet and returns them.
func (r *Allocations) CancelOpenForMember(tx *gorm.DB, memberID string) ([]models.Allocation, error) {
	var out []models.Allocation
	err := tx.Raw(`UPDATE allocations SET status = 'skipped', updated_at = now()
		WHERE member_id = ? AND status = 'pending' RETURNING *`, memberID).Scan(&out).Error
	return out, err
}

// PendingForQuarter lists allocations ready to charge.
func (r *Allocations) PendingForQuarter(ctx context.Context, quarter string, limit int) ([]models.Allocation, error) {
	var out []models.Allocation
	err := r.db.WithContext(ctx).
		Where("quarter = ? AND status IN ?", quarter, []string{models.AllocationPending, models.AllocationCharging}).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

// StartRun records the start of an allocation run.
func (r *Allocations) StartRun(ctx context.Context, quarter string) (*models.AllocationRun, error) {
	run := &models.AllocationRun{ID: uuid.New(), Quarter: quarter, StartedAt: time.Now().UTC()}
	return run, r.db.WithContext(ctx).Create(run).Error
}

// FinishRun closes a run.
func (r *Allocations) FinishRun(ctx context.Context, runID uuid.UUID, allocated int) error {
	return r.db.WithContext(ctx).Model(&models.AllocationRun{}).Where("id = ?", runID).Updates(map[string]any{
		"finished_at": time.Now().UTC(),
		"allocated":   allocated,
	}).Error
}
