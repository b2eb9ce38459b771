package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Credits is the member credit ledger.
type Credits struct{ db *gorm.DB }

// NewCredits returns the credit repository.
func NewCredits(db *gorm.DB) *Credits { return &Credits{db: db} }

// Insert adds a credit grant.
func (r *Credits) Insert(tx *gorm.DB, c *models.MemberCredit) error {
	return tx.Create(c).Error
}

// InsertReferral records the bonus for a referred member. It reports false
// when that member already earned someone a bonus.
func (r *Credits) InsertReferral(tx *gorm.DB, b *models.ReferralBonus) (bool, error) {
	res := tx.Clauses(doNothingOn("referred_member_id")).Create(b)
	return res.RowsAffected == 1, res.Error
}

// ListForMember returns a member's credits, newest first.
func (r *Credits) ListForMember(ctx context.Context, memberID string) ([]models.MemberCredit, error) {
	var out []models.MemberCredit
	err := r.db.WithContext(ctx).Where("member_id = ?", memberID).Order("created_at DESC").Find(&out).Error
	return out, err
}

// ExpireDue marks open credits past expiry as expired and returns them.
func (r *Credits) ExpireDue(tx *gorm.DB, now time.Time) ([]models.MemberCredit, error) {
	var out []models.MemberCredit
	err := tx.Raw(`UPDATE member_credits SET status = 'expired'
		WHERE status = 'open' AND expires_at IS NOT NULL AND expires_at < ?
		RETURNING *`, now).Scan(&out).Error
	return out, err
}

// InsertRedemption records credit applied to an allocation; false when the
// allocation already has one.
func (r *Credits) InsertRedemption(tx *gorm.DB, cr *models.CreditRedemption) (bool, error) {
	res := tx.Clauses(doNothingOn("allocation_id")).Create(cr)
	return res.RowsAffected == 1, res.Error
}
