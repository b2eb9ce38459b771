package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// RewardRepo stores tier changes and upgrade vouchers.
type RewardRepo struct {
	db *gorm.DB
}

// NewRewardRepo returns a RewardRepo.
func NewRewardRepo(db *gorm.DB) *RewardRepo { return &RewardRepo{db: db} }

// InsertTierChange records a tier change for the qualifying year.
func (r *RewardRepo) InsertTierChange(ctx context.Context, tc domain.TierChange) error {
	row := tierChangeModel{
		MemberID:       tc.MemberID,
		FromTier:       string(tc.From),
		ToTier:         string(tc.To),
		QualifyingYear: tc.QualifyingYear,
		TierMiles:      tc.TierMiles,
		CreatedAt:      time.Now().UTC(),
	}
	return conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error
}

// InsertVoucher stores an issued voucher.
func (r *RewardRepo) InsertVoucher(ctx context.Context, v domain.Voucher) error {
	row := voucherModel{
		ID:          v.ID,
		MemberID:    v.MemberID,
		Code:        v.Code,
		VoucherType: v.Type,
		Miles:       v.Miles,
		Status:      "issued",
		ValidUntil:  v.ValidUntil,
		CreatedAt:   time.Now().UTC(),
	}
	return conn(ctx, r.db).Create(&row).Error
}
