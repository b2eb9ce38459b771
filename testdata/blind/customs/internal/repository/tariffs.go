package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// TariffRepository persists duty rates.
type TariffRepository interface {
	RecordChange(ctx context.Context, c *domain.TariffRateChange) (bool, error)
	UpsertRate(ctx context.Context, rate *domain.TariffRate) error
	Rates(ctx context.Context, hsCodes []string) (map[string]domain.TariffRate, error)
	WithTx(tx *gorm.DB) TariffRepository
}

type TariffRepo struct{ db *gorm.DB }

func NewTariffRepo(db *gorm.DB) *TariffRepo { return &TariffRepo{db: db} }

func (r *TariffRepo) WithTx(tx *gorm.DB) TariffRepository { return &TariffRepo{db: tx} }

func (r *TariffRepo) RecordChange(ctx context.Context, c *domain.TariffRateChange) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(c)
	return res.RowsAffected == 1, res.Error
}

// UpsertRate writes rate unless a rate with a later effective date is stored.
func (r *TariffRepo) UpsertRate(ctx context.Context, rate *domain.TariffRate) error {
	rate.UpdatedAt = time.Now().UTC()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "hs_code"}},
		DoUpdates: clause.AssignmentColumns([]string{"duty_rate_bps", "effective_from", "updated_at"}),
		Where: clause.Where{Exprs: []clause.Expression{
			clause.Expr{SQL: "tariff_rates.effective_from <= EXCLUDED.effective_from"},
		}},
	}).Create(rate).Error
}

func (r *TariffRepo) Rates(ctx context.Context, hsCodes []string) (map[string]domain.TariffRate, error) {
	var rows []domain.TariffRate
	if err := r.db.WithContext(ctx).Where("hs_code IN ?", hsCodes).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]domain.TariffRate, len(rows))
	for _, row := range rows {
		out[row.HSCode] = row
	}
	return out, nil
}

// AuditRepository appends audit entries.
type AuditRepository interface {
	Append(ctx context.Context, e *domain.AuditEntry) error
	WithTx(tx *gorm.DB) AuditRepository
}

type AuditRepo struct{ db *gorm.DB }

func NewAuditRepo(db *gorm.DB) *AuditRepo { return &AuditRepo{db: db} }

func (r *AuditRepo) WithTx(tx *gorm.DB) AuditRepository { return &AuditRepo{db: tx} }

func (r *AuditRepo) Append(ctx context.Context, e *domain.AuditEntry) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	return r.db.WithContext(ctx).Create(e).Error
}
