package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Gifts is the gift membership repository.
type Gifts struct{ db *gorm.DB }

// NewGifts returns the gift repository.
func NewGifts(db *gorm.DB) *Gifts { return &Gifts{db: db} }

// InsertForOrder creates the gift for a storefront order once and returns the
// stored row.
func (r *Gifts) InsertForOrder(ctx context.Context, g *models.GiftMembership) (*models.GiftMembership, error) {
	db := r.db.WithContext(ctx)
	if err := db.Clauses(doNothingOn("order_ref")).Create(g).Error; err != nil {
		return nil, err
	}
	var stored models.GiftMembership
	if err := db.First(&stored, "order_ref = ?", g.OrderRef).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

// ByCode loads a gift by redemption code.
func (r *Gifts) ByCode(ctx context.Context, code string) (*models.GiftMembership, error) {
	var g models.GiftMembership
	if err := r.db.WithContext(ctx).First(&g, "code = ?", code).Error; err != nil {
		return nil, err
	}
	return &g, nil
}

// MarkPaid records the successful payment.
func (r *Gifts) MarkPaid(ctx context.Context, id, piID string) error {
	return r.db.WithContext(ctx).Model(&models.GiftMembership{}).
		Where("id = ? AND status = ?", id, models.GiftPendingPayment).
		Updates(map[string]any{"status": models.GiftPaid, "payment_intent_id": piID, "updated_at": time.Now().UTC()}).Error
}

// MarkRedeemed links the gift to the member created for it.
func (r *Gifts) MarkRedeemed(tx *gorm.DB, id, memberID string) error {
	res := tx.Model(&models.GiftMembership{}).
		Where("id = ? AND status IN ?", id, []string{models.GiftPaid, models.GiftActive}).
		Updates(map[string]any{
			"status":          models.GiftRedeemed,
			"redeemed_member": memberID,
			"redeemed_at":     time.Now().UTC(),
			"updated_at":      time.Now().UTC(),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrStaleState
	}
	return nil
}

// ActivateDue flips paid gifts whose start date has come and returns them.
func (r *Gifts) ActivateDue(tx *gorm.DB, today time.Time) ([]models.GiftMembership, error) {
	var out []models.GiftMembership
	err := tx.Raw(`UPDATE gift_memberships SET status = 'active', updated_at = now()
		WHERE status = 'paid' AND start_date <= ? RETURNING *`, today).Scan(&out).Error
	return out, err
}
