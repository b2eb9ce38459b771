package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// IdempotencyRepository stores client-supplied idempotency keys.
type IdempotencyRepository interface {
	// Claim inserts the key; if it already exists the stored row is returned
	// and claimed is false.
	Claim(ctx context.Context, scope, key, requestHash string) (stored *domain.IdempotencyKey, claimed bool, err error)
	Complete(ctx context.Context, scope, key string, status int, body domain.JSON) error
	Exists(ctx context.Context, scope, key string) (bool, error)
	WithTx(tx *gorm.DB) IdempotencyRepository
}

type IdempotencyRepo struct{ db *gorm.DB }

func NewIdempotencyRepo(db *gorm.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

func (r *IdempotencyRepo) WithTx(tx *gorm.DB) IdempotencyRepository { return &IdempotencyRepo{db: tx} }

func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyKey, bool, error) {
	row := &domain.IdempotencyKey{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(row)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return row, true, nil
	}
	var stored domain.IdempotencyKey
	if err := r.db.WithContext(ctx).First(&stored, "scope = ? AND key = ?", scope, key).Error; err != nil {
		return nil, false, err
	}
	return &stored, false, nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body domain.JSON) error {
	return r.db.WithContext(ctx).Model(&domain.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"response_status": status, "response_body": body}).Error
}

func (r *IdempotencyRepo) Exists(ctx context.Context, scope, key string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).Count(&n).Error
	return n > 0, err
}

// InboxRepository records inbound webhook events and queue messages.
type InboxRepository interface {
	// RecordEvent stores a webhook event id; false means it was seen before.
	RecordEvent(ctx context.Context, source, eventID, eventType string) (bool, error)
	SeenEvent(ctx context.Context, source, eventID string) (bool, error)
	// MarkProcessed stores a queue message id; false means it was seen before.
	MarkProcessed(ctx context.Context, consumer, messageID string) (bool, error)
	WithTx(tx *gorm.DB) InboxRepository
}

type InboxRepo struct{ db *gorm.DB }

func NewInboxRepo(db *gorm.DB) *InboxRepo { return &InboxRepo{db: db} }

func (r *InboxRepo) WithTx(tx *gorm.DB) InboxRepository { return &InboxRepo{db: tx} }

func (r *InboxRepo) RecordEvent(ctx context.Context, source, eventID, eventType string) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&domain.WebhookEvent{
		Source: source, EventID: eventID, EventType: eventType, ReceivedAt: time.Now().UTC(),
	})
	return res.RowsAffected == 1, res.Error
}

func (r *InboxRepo) SeenEvent(ctx context.Context, source, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.WebhookEvent{}).
		Where("source = ? AND event_id = ?", source, eventID).Count(&n).Error
	return n > 0, err
}

func (r *InboxRepo) MarkProcessed(ctx context.Context, consumer, messageID string) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&domain.ProcessedMessage{
		Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC(),
	})
	return res.RowsAffected == 1, res.Error
}
