package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// LoyaltyRepository holds the balance arithmetic for loyalty accounts.
type LoyaltyRepository struct{ base }

// NewLoyaltyRepository builds a LoyaltyRepository.
func NewLoyaltyRepository(db *gorm.DB) *LoyaltyRepository {
	return &LoyaltyRepository{base{db: db}}
}

// Credit adds points to a member's balance.
func (r *LoyaltyRepository) Credit(ctx context.Context, memberID string, points int64) error {
	return r.conn(ctx).Exec(`
		UPDATE loyalty_accounts
		   SET points_balance = points_balance + ?, updated_at = now()
		 WHERE member_id = ?`, points, memberID).Error
}

// Debit removes points if the balance allows it and reports rows changed.
func (r *LoyaltyRepository) Debit(ctx context.Context, memberID string, points int64) (int64, error) {
	res := r.conn(ctx).Exec(`
		UPDATE loyalty_accounts
		   SET points_balance = points_balance - ?, updated_at = now()
		 WHERE member_id = ? AND points_balance >= ?`, points, memberID, points)
	return res.RowsAffected, res.Error
}

// ClawBack removes points even if that takes the balance negative (used
// when a refunded trip had already earned points).
func (r *LoyaltyRepository) ClawBack(ctx context.Context, memberID string, points int64) error {
	return r.conn(ctx).Exec(`
		UPDATE loyalty_accounts
		   SET points_balance = points_balance - ?, updated_at = now()
		 WHERE member_id = ?`, points, memberID).Error
}

// PointsInPeriod sums accrued points in [from, to).
func (r *LoyaltyRepository) PointsInPeriod(ctx context.Context, memberID string, from, to time.Time) (int64, error) {
	var total int64
	err := r.conn(ctx).Raw(`
		SELECT COALESCE(SUM(points), 0)
		  FROM loyalty_ledger
		 WHERE member_id = ? AND reason = 'accrual' AND created_at >= ? AND created_at < ?`,
		memberID, from, to).Scan(&total).Error
	return total, err
}

// UpsertTier records the member's tier for a period, replacing an earlier
// computation for the same period.
func (r *LoyaltyRepository) UpsertTier(ctx context.Context, memberID, period, tier string, points int64) error {
	return r.conn(ctx).Exec(`
		INSERT INTO loyalty_tiers (member_id, period, tier, points_in_period, computed_at)
		VALUES (?, ?, ?, ?, now())
		ON CONFLICT (member_id, period)
		DO UPDATE SET tier = EXCLUDED.tier,
		              points_in_period = EXCLUDED.points_in_period,
		              computed_at = EXCLUDED.computed_at`,
		memberID, period, tier, points).Error
}
