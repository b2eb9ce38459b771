package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Charges is the card charge repository.
type Charges struct{ db *gorm.DB }

// NewCharges returns the charge repository.
func NewCharges(db *gorm.DB) *Charges { return &Charges{db: db} }

// Get loads a charge.
func (r *Charges) Get(ctx context.Context, id string) (*models.Charge, error) {
	var c models.Charge
	if err := r.db.WithContext(ctx).First(&c, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// EnsureForAllocation creates the charge row for an allocation the first time
// and returns whichever row is stored.
func (r *Charges) EnsureForAllocation(tx *gorm.DB, c *models.Charge) (*models.Charge, error) {
	if err := tx.Clauses(doNothingOn("allocation_id")).Create(c).Error; err != nil {
		return nil, err
	}
	var stored models.Charge
	if err := tx.First(&stored, "allocation_id = ?", c.AllocationID).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

// ByAllocation loads the charge for an allocation.
func (r *Charges) ByAllocation(tx *gorm.DB, allocationID uuid.UUID) (*models.Charge, error) {
	var c models.Charge
	if err := tx.First(&c, "allocation_id = ?", allocationID).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// ByPaymentIntent loads and locks the charge for a PaymentIntent.
func (r *Charges) ByPaymentIntent(tx *gorm.DB, piID string) (*models.Charge, error) {
	var c models.Charge
	if err := forUpdate(tx).First(&c, "payment_intent_id = ?", piID).Error; err != nil {
		return nil, err
	}
	return &c, nil
}

// AttachIntent records the PaymentIntent and its current status.
func (r *Charges) AttachIntent(ctx context.Context, id, piID, status string) error {
	return r.db.WithContext(ctx).Model(&models.Charge{}).Where("id = ?", id).Updates(map[string]any{
		"payment_intent_id": piID,
		"status":            status,
		"updated_at":        time.Now().UTC(),
	}).Error
}

// SetStatus updates a charge's status.
func (r *Charges) SetStatus(tx *gorm.DB, id, status string, failureCode *string) error {
	return tx.Model(&models.Charge{}).Where("id = ?", id).Updates(map[string]any{
		"status":       status,
		"failure_code": failureCode,
		"updated_at":   time.Now().UTC(),
	}).Error
}

// AddRefund stores a refund and bumps the refunded total.
func (r *Charges) AddRefund(tx *gorm.DB, ref *models.Refund) error {
	if err := tx.Create(ref).Error; err != nil {
		return err
	}
	return tx.Model(&models.Charge{}).Where("id = ?", ref.ChargeID).Updates(map[string]any{
		"refunded_cents": gorm.Expr("refunded_cents + ?", ref.AmountCents),
		"updated_at":     time.Now().UTC(),
	}).Error
}
