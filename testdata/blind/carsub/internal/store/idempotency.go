package store

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/reqctx"
)

// IdempotencyRepo stores responses of requests made with an
// idempotency-key so a repeated request gets the original answer.
type IdempotencyRepo struct {
	db *gorm.DB
}

func NewIdempotencyRepo(db *gorm.DB) *IdempotencyRepo {
	return &IdempotencyRepo{db: db}
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) ([]byte, bool, error) {
	var rec domain.IdempotencyRecord
	err := conn(ctx, r.db).Where("scope = ? AND key = ?", scope, key).First(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return rec.Response, true, nil
}

func (r *IdempotencyRepo) Remember(ctx context.Context, scope, key string, response []byte) error {
	return conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.IdempotencyRecord{Scope: scope, Key: key, Response: response}).Error
}

// InboxRepo tracks messages a consumer has already processed.
type InboxRepo struct {
	db *gorm.DB
}

func NewInboxRepo(db *gorm.DB) *InboxRepo {
	return &InboxRepo{db: db}
}

// Claim records the message as processed and reports whether this call was
// the first to do so. Use it inside the transaction that applies the
// message so the record and the effect commit together.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.ProcessedMessage{Consumer: consumer, MessageID: messageID})
	return res.RowsAffected == 1, res.Error
}

func (r *InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var n int64
	err := conn(ctx, r.db).Model(&domain.ProcessedMessage{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).
		Count(&n).Error
	return n > 0, err
}

func (r *InboxRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	return conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.ProcessedMessage{Consumer: consumer, MessageID: messageID}).Error
}

// AuditRepo appends to the audit log. Every attempt of an operator action
// is recorded, including ones that fail later.
type AuditRepo struct {
	db *gorm.DB
}

func NewAuditRepo(db *gorm.DB) *AuditRepo {
	return &AuditRepo{db: db}
}

func (r *AuditRepo) Record(ctx context.Context, action, target string, detail any) error {
	raw, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	entry := &domain.AuditEntry{
		ID:     uuid.New(),
		Actor:  reqctx.Actor(ctx),
		Action: action,
		Target: target,
		Detail: raw,
	}
	if rid := reqctx.RequestID(ctx); rid != "" {
		entry.RequestID = &rid
	}
	return r.db.WithContext(ctx).Create(entry).Error
}
