package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// PayoutRepo persists quick-pay payouts. A load has at most one payout.
type PayoutRepo struct {
	db *gorm.DB
}

func NewPayoutRepo(db *gorm.DB) *PayoutRepo { return &PayoutRepo{db: db} }

// EnsureForLoad creates the payout for p.LoadID unless one exists and
// returns the stored payout.
func (r *PayoutRepo) EnsureForLoad(ctx context.Context, p *domain.Payout) (*domain.Payout, bool, error) {
	db := conn(ctx, r.db)
	now := time.Now().UTC()
	row := payoutRow{
		ID:          p.ID,
		LoadID:      p.LoadID,
		CarrierID:   p.CarrierID,
		GrossCents:  p.GrossCents,
		FeeCents:    p.FeeCents,
		NetCents:    p.NetCents,
		Status:      string(domain.PayoutPending),
		RequestedBy: p.RequestedBy,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "load_id"}},
		DoNothing: true,
	}).Create(&row)
	if res.Error != nil {
		return nil, false, fmt.Errorf("ensure payout: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return row.toDomain(), true, nil
	}
	var existing payoutRow
	if err := db.Where("load_id = ?", p.LoadID).Take(&existing).Error; err != nil {
		return nil, false, notFound(err)
	}
	return existing.toDomain(), false, nil
}

func (r *PayoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	var row payoutRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

func (r *PayoutRepo) GetByTransfer(ctx context.Context, transferID string) (*domain.Payout, error) {
	var row payoutRow
	if err := conn(ctx, r.db).Where("provider_transfer_id = ?", transferID).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// MarkSubmitted records the provider transfer for a payout that has not
// been paid yet.
func (r *PayoutRepo) MarkSubmitted(ctx context.Context, id, transferID string) error {
	return conn(ctx, r.db).Model(&payoutRow{}).
		Where("id = ? AND status <> ?", id, domain.PayoutPaid).
		Updates(map[string]any{
			"status":               string(domain.PayoutSubmitted),
			"provider_transfer_id": transferID,
			"attempts":             gorm.Expr("attempts + 1"),
			"updated_at":           time.Now().UTC(),
		}).Error
}

// MarkFailed records a failed submission.
func (r *PayoutRepo) MarkFailed(ctx context.Context, id, reason string) error {
	return conn(ctx, r.db).Model(&payoutRow{}).
		Where("id = ? AND status <> ?", id, domain.PayoutPaid).
		Updates(map[string]any{
			"status":     string(domain.PayoutFailed),
			"last_error": reason,
			"updated_at": time.Now().UTC(),
		}).Error
}

// SettleByTransfer marks the payout for a provider transfer as paid or failed.
func (r *PayoutRepo) SettleByTransfer(ctx context.Context, transferID string, to domain.PayoutStatus, reason string) (*domain.Payout, bool, error) {
	db := conn(ctx, r.db)
	res := db.Model(&payoutRow{}).
		Where("provider_transfer_id = ? AND status = ?", transferID, domain.PayoutSubmitted).
		Updates(map[string]any{
			"status":     string(to),
			"last_error": reason,
			"updated_at": time.Now().UTC(),
		})
	if res.Error != nil {
		return nil, false, res.Error
	}
	p, err := r.GetByTransfer(ctx, transferID)
	if err != nil {
		return nil, false, err
	}
	return p, res.RowsAffected == 1, nil
}
