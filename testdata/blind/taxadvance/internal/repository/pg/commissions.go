package pg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type AccrualRepo struct{ db *gorm.DB }

func (r *AccrualRepo) Create(ctx context.Context, a *domain.CommissionAccrual) error {
	return db.Conn(ctx, r.db).Create(a).Error
}

func (r *AccrualRepo) MarkPartnerNotified(ctx context.Context, id uuid.UUID, at time.Time) error {
	return db.Conn(ctx, r.db).Model(&domain.CommissionAccrual{}).
		Where("id = ?", id).
		Update("partner_notified_at", at).Error
}

// Unpaid sums accruals not yet attached to a payout.
func (r *AccrualRepo) Unpaid(ctx context.Context, partnerID uuid.UUID, before time.Time) (int64, []uuid.UUID, error) {
	var rows []struct {
		ID          uuid.UUID
		AmountCents int64
	}
	err := db.Conn(ctx, r.db).Model(&domain.CommissionAccrual{}).
		Select("id, amount_cents").
		Where("partner_id = ? AND payout_id IS NULL AND accrued_at < ?", partnerID, before).
		Order("accrued_at").
		Scan(&rows).Error
	if err != nil {
		return 0, nil, err
	}
	var total int64
	ids := make([]uuid.UUID, 0, len(rows))
	for _, row := range rows {
		total += row.AmountCents
		ids = append(ids, row.ID)
	}
	return total, ids, nil
}

func (r *AccrualRepo) AttachToPayout(ctx context.Context, ids []uuid.UUID, payoutID uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	return db.Conn(ctx, r.db).Model(&domain.CommissionAccrual{}).
		Where("id IN ? AND payout_id IS NULL", ids).
		Update("payout_id", payoutID).Error
}

func (r *AccrualRepo) PartnersWithUnpaid(ctx context.Context, before time.Time) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := db.Conn(ctx, r.db).Model(&domain.CommissionAccrual{}).
		Distinct("partner_id").
		Where("payout_id IS NULL AND accrued_at < ?", before).
		Pluck("partner_id", &ids).Error
	return ids, err
}

type PayoutRepo struct{ db *gorm.DB }

// Open returns the partner's payout for the period, creating it if needed.
func (r *PayoutRepo) Open(ctx context.Context, p domain.CommissionPayout) (domain.CommissionPayout, error) {
	conn := db.Conn(ctx, r.db)
	err := conn.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "partner_id"}, {Name: "period_start"}},
		DoNothing: true,
	}).Create(&p).Error
	if err != nil {
		return domain.CommissionPayout{}, err
	}
	var stored domain.CommissionPayout
	err = conn.Where("partner_id = ? AND period_start = ?", p.PartnerID, p.PeriodStart).First(&stored).Error
	return stored, err
}

func (r *PayoutRepo) MarkPaid(ctx context.Context, id uuid.UUID, amount int64, transferID string, at time.Time) error {
	return db.Conn(ctx, r.db).Model(&domain.CommissionPayout{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":           domain.PayoutPaid,
			"amount_cents":     amount,
			"bank_transfer_id": transferID,
			"paid_at":          at,
		}).Error
}

func (r *PayoutRepo) MarkEmpty(ctx context.Context, id uuid.UUID) error {
	return db.Conn(ctx, r.db).Model(&domain.CommissionPayout{}).
		Where("id = ? AND status = ?", id, domain.PayoutPending).
		Update("status", domain.PayoutEmpty).Error
}
