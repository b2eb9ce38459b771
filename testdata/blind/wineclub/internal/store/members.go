package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/vinoteca/wineclub/internal/models"
)

// Members is the member repository.
type Members struct{ db *gorm.DB }

// NewMembers returns the member repository.
func NewMembers(db *gorm.DB) *Members { return &Members{db: db} }

// Get loads a member.
func (r *Members) Get(ctx context.Context, id string) (*models.Member, error) {
	var m models.Member
	if err := r.db.WithContext(ctx).First(&m, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// GetForUpdate loads and locks a member inside tx.
func (r *Members) GetForUpdate(tx *gorm.DB, id string) (*models.Member, error) {
	var m models.Member
	if err := forUpdate(tx).First(&m, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// ByEmail loads a member by email.
func (r *Members) ByEmail(tx *gorm.DB, email string) (*models.Member, error) {
	var m models.Member
	if err := tx.First(&m, "email = ?", email).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// Insert creates the member unless the email is taken. It reports whether a
// row was written.
func (r *Members) Insert(tx *gorm.DB, m *models.Member) (bool, error) {
	res := tx.Clauses(doNothingOn("email")).Create(m)
	return res.RowsAffected == 1, res.Error
}

// InsertForGift creates the member for a redeemed gift, once per gift.
func (r *Members) InsertForGift(tx *gorm.DB, m *models.Member) (bool, error) {
	res := tx.Clauses(doNothingOn("gift_id")).Create(m)
	return res.RowsAffected == 1, res.Error
}

// SetStripeCustomer stores the Stripe customer id.
func (r *Members) SetStripeCustomer(ctx context.Context, id, customerID string) error {
	return r.db.WithContext(ctx).Model(&models.Member{}).
		Where("id = ? AND stripe_customer_id IS NULL", id).
		Update("stripe_customer_id", customerID).Error
}

// SetStatus updates the member's status.
func (r *Members) SetStatus(tx *gorm.DB, id, status string) error {
	updates := map[string]any{"status": status, "updated_at": time.Now().UTC()}
	if status == models.MemberCancelled {
		updates["cancelled_at"] = time.Now().UTC()
	}
	return tx.Model(&models.Member{}).Where("id = ?", id).Updates(updates).Error
}

// AdjustCredit adds delta cents to the member's credit balance.
func (r *Members) AdjustCredit(tx *gorm.DB, id string, delta int64) error {
	return tx.Model(&models.Member{}).Where("id = ?", id).
		Update("credit_balance_cents", gorm.Expr("credit_balance_cents + ?", delta)).Error
}

// Active lists active members.
func (r *Members) Active(ctx context.Context) ([]models.Member, error) {
	var out []models.Member
	err := r.db.WithContext(ctx).Where("status = ?", models.MemberActive).Order("created_at").Find(&out).Error
	return out, err
}

// UpsertAgeVerification replaces the member's latest verification result.
func (r *Members) UpsertAgeVerification(tx *gorm.DB, v *models.AgeVerification) error {
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "member_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"vendor_check_id", "outcome", "score", "checked_at"}),
	}).Create(v).Error
}
