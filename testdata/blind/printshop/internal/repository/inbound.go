package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type inboundRepo struct{ db *gorm.DB }

func NewInboundRepository(db *gorm.DB) InboundRepository { return &inboundRepo{db: db} }

func (r *inboundRepo) WithTx(tx *gorm.DB) InboundRepository { return &inboundRepo{db: tx} }

func (r *inboundRepo) ClaimWebhook(ctx context.Context, source, deliveryID, topic string) (bool, error) {
	row := model.InboundWebhook{
		Source:     source,
		DeliveryID: deliveryID,
		Topic:      topic,
		ReceivedAt: time.Now().UTC(),
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *inboundRepo) ClaimFacilityEvent(ctx context.Context, e *model.FacilityEvent) (bool, error) {
	if e.ReceivedAt.IsZero() {
		e.ReceivedAt = time.Now().UTC()
	}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "facility"}, {Name: "event_id"}},
			DoNothing: true,
		}).
		Create(e)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *inboundRepo) BatchSeen(ctx context.Context, facility, batchID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&model.FacilityBatch{}).
		Where("facility = ? AND batch_id = ?", facility, batchID).
		Count(&n).Error
	return n > 0, err
}

func (r *inboundRepo) RecordBatch(ctx context.Context, b *model.FacilityBatch) error {
	if b.ReceivedAt.IsZero() {
		b.ReceivedAt = time.Now().UTC()
	}
	return r.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(b).Error
}
