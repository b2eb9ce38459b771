package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

type RefillRepo struct {
	*Repository[domain.RefillRequest]
}

func NewRefillRepo(db *gorm.DB) *RefillRepo {
	return &RefillRepo{Repository: NewRepository[domain.RefillRequest](db)}
}

// SetStatus moves the refill to status unconditionally.
func (r *RefillRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.RefillStatus) error {
	return r.UpdateFields(ctx, id, map[string]any{"status": status, "updated_at": time.Now().UTC()})
}

// Transition moves the refill to `to` only from one of `from`. It reports
// whether the row changed, so a repeated transition is a no-op.
func (r *RefillRepo) Transition(ctx context.Context, id uuid.UUID, to domain.RefillStatus, from ...domain.RefillStatus) (bool, error) {
	n, err := r.UpdateWhere(ctx,
		map[string]any{"status": to, "updated_at": time.Now().UTC()},
		"id = ? AND status IN ?", id, from)
	return n == 1, err
}

func (r *RefillRepo) MarkCancelled(ctx context.Context, id uuid.UUID, reason string) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"status":        domain.RefillCancelled,
		"cancel_reason": reason,
		"updated_at":    time.Now().UTC(),
	})
}

func (r *RefillRepo) UpdateShipTo(ctx context.Context, id uuid.UUID, a domain.Address) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"ship_line1":       a.Line1,
		"ship_line2":       a.Line2,
		"ship_city":        a.City,
		"ship_state":       a.State,
		"ship_postal_code": a.PostalCode,
		"updated_at":       time.Now().UTC(),
	})
}

func (r *RefillRepo) ListForPatient(ctx context.Context, patientID uuid.UUID, limit int) ([]domain.RefillRequest, error) {
	var out []domain.RefillRequest
	err := r.Conn(ctx).Where("patient_id = ?", patientID).Order("created_at DESC").Limit(limit).Find(&out).Error
	return out, translate(err)
}

type VerificationRepo struct {
	*Repository[domain.PharmacistVerification]
}

func NewVerificationRepo(db *gorm.DB) *VerificationRepo {
	return &VerificationRepo{Repository: NewRepository[domain.PharmacistVerification](db)}
}

// Record stores the pharmacist's decision once per refill.
func (r *VerificationRepo) Record(ctx context.Context, v *domain.PharmacistVerification) (bool, error) {
	return r.CreateIgnoreConflict(ctx, v, "refill_id")
}

type EligibilityRepo struct {
	*Repository[domain.EligibilityCheck]
}

func NewEligibilityRepo(db *gorm.DB) *EligibilityRepo {
	return &EligibilityRepo{Repository: NewRepository[domain.EligibilityCheck](db)}
}

// Latest returns the most recent eligibility response for the refill.
func (r *EligibilityRepo) Latest(ctx context.Context, refillID uuid.UUID) (*domain.EligibilityCheck, error) {
	var out domain.EligibilityCheck
	err := r.Conn(ctx).Where("refill_id = ?", refillID).Order("checked_at DESC").Take(&out).Error
	if err != nil {
		return nil, translate(err)
	}
	return &out, nil
}
