package payouts

import (
	"context"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
)

// Holds releases payouts that were waiting on a tax form.
type Holds struct {
	db     *gorm.DB
	submit SubmitQueue
}

// NewHolds returns the holds service.
func NewHolds(db *gorm.DB, submit SubmitQueue) *Holds {
	return &Holds{db: db, submit: submit}
}

// ReleaseTaxHolds moves the artist's tax-held payouts to pending and
// schedules them.
func (h *Holds) ReleaseTaxHolds(ctx context.Context, artistID string) (int, error) {
	err := h.db.WithContext(ctx).Model(&models.Payout{}).
		Where("artist_id = ? AND status = ?", artistID, models.PayoutHeldTax).
		Update("status", models.PayoutPending).Error
	if err != nil {
		return 0, err
	}
	var ids []string
	if err := h.db.WithContext(ctx).Model(&models.Payout{}).
		Where("artist_id = ? AND status = ? AND advance_id IS NULL", artistID, models.PayoutPending).
		Pluck("id", &ids).Error; err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := h.submit(ctx, id); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}
