package pg

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type WebhookEventRepo struct{ db *gorm.DB }

// ClaimBankEvent records the bank event id; false means it was seen before.
func (r *WebhookEventRepo) ClaimBankEvent(ctx context.Context, e domain.BankWebhookEvent) (bool, error) {
	res := db.Conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&e)
	return res.RowsAffected == 1, res.Error
}

func (r *WebhookEventRepo) InsertReturnEvent(ctx context.Context, e *domain.PartnerReturnEvent) error {
	return db.Conn(ctx, r.db).Create(e).Error
}

type InboxRepo struct{ db *gorm.DB }

func (r *InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var n int64
	err := db.Conn(ctx, r.db).Model(&domain.InboxMessage{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).
		Count(&n).Error
	return n > 0, err
}

func (r *InboxRepo) MarkSeen(ctx context.Context, consumer, messageID string, at time.Time) error {
	return db.Conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.InboxMessage{Consumer: consumer, MessageID: messageID, ProcessedAt: at}).Error
}

// IdempotencyRepo backs the admin API idempotency middleware.
type IdempotencyRepo struct{ db *gorm.DB }

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (domain.IdempotencyRecord, bool, error) {
	var rec domain.IdempotencyRecord
	err := db.Conn(ctx, r.db).Where("scope = ? AND key = ?", scope, key).First(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rec, false, nil
	}
	return rec, err == nil, err
}

func (r *IdempotencyRepo) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	return db.Conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&rec).Error
}

type NoticeRepo struct{ db *gorm.DB }

func (r *NoticeRepo) Exists(ctx context.Context, applicationID uuid.UUID) (bool, error) {
	var n int64
	err := db.Conn(ctx, r.db).Model(&domain.AdverseActionNotice{}).
		Where("application_id = ?", applicationID).
		Count(&n).Error
	return n > 0, err
}

func (r *NoticeRepo) Create(ctx context.Context, n *domain.AdverseActionNotice) error {
	return db.Conn(ctx, r.db).Create(n).Error
}
