package repository

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
)

type merchantRepo struct{ db *gorm.DB }

func NewMerchantRepository(db *gorm.DB) MerchantRepository { return &merchantRepo{db: db} }

func (r *merchantRepo) WithTx(tx *gorm.DB) MerchantRepository { return &merchantRepo{db: tx} }

func (r *merchantRepo) Get(ctx context.Context, id string) (*model.Merchant, error) {
	var m model.Merchant
	if err := r.db.WithContext(ctx).First(&m, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *merchantRepo) GetByDomain(ctx context.Context, domain string) (*model.Merchant, error) {
	var m model.Merchant
	if err := r.db.WithContext(ctx).First(&m, "shop_domain = ?", domain).Error; err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *merchantRepo) GetByAPIKeyHash(ctx context.Context, hash string) (*model.Merchant, error) {
	var m model.Merchant
	err := r.db.WithContext(ctx).
		Where("api_key_hash = ? AND status = ?", hash, model.MerchantActive).
		First(&m).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *merchantRepo) MarkUninstalled(ctx context.Context, id string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&model.Merchant{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":         model.MerchantUninstalled,
			"uninstalled_at": gorm.Expr("COALESCE(uninstalled_at, ?)", at),
			"updated_at":     time.Now().UTC(),
		}).Error
}

func (r *merchantRepo) ListActive(ctx context.Context) ([]model.Merchant, error) {
	var out []model.Merchant
	err := r.db.WithContext(ctx).Where("status = ?", model.MerchantActive).Order("id").Find(&out).Error
	return out, err
}
