package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type webhookRepo struct{ db *gorm.DB }

func NewWebhookRepository(db *gorm.DB) WebhookRepository { return &webhookRepo{db: db} }

func (r *webhookRepo) WithTx(tx *gorm.DB) WebhookRepository { return &webhookRepo{db: tx} }

func (r *webhookRepo) CreateEndpoint(ctx context.Context, e *model.WebhookEndpoint) error {
	return r.db.WithContext(ctx).Create(e).Error
}

func (r *webhookRepo) ListEndpoints(ctx context.Context, merchantID string) ([]model.WebhookEndpoint, error) {
	var out []model.WebhookEndpoint
	err := r.db.WithContext(ctx).
		Where("merchant_id = ? AND disabled = FALSE", merchantID).
		Order("created_at").
		Find(&out).Error
	return out, err
}

func (r *webhookRepo) GetEndpoint(ctx context.Context, id string) (*model.WebhookEndpoint, error) {
	var e model.WebhookEndpoint
	if err := r.db.WithContext(ctx).First(&e, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &e, nil
}

func (r *webhookRepo) InsertDeliveryIfAbsent(ctx context.Context, d *model.WebhookDelivery) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).
		Create(d)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *webhookRepo) GetDelivery(ctx context.Context, id string) (*model.WebhookDelivery, error) {
	var d model.WebhookDelivery
	if err := r.db.WithContext(ctx).First(&d, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *webhookRepo) FinishDelivery(ctx context.Context, id, status string, attempts int) error {
	return r.db.WithContext(ctx).Model(&model.WebhookDelivery{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "attempts": attempts, "updated_at": time.Now().UTC()}).Error
}

func (r *webhookRepo) AppendAttempt(ctx context.Context, a *model.WebhookAttempt) error {
	return r.db.WithContext(ctx).Create(a).Error
}
