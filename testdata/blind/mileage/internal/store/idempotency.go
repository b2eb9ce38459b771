package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// IdempotencyRepo stores API idempotency keys and consumer bookkeeping.
type IdempotencyRepo struct {
	db *gorm.DB
}

// NewIdempotencyRepo returns an IdempotencyRepo.
func NewIdempotencyRepo(db *gorm.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Claim inserts the key. When the key already exists it returns claimed=false
// and the stored response.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, memberID string) (bool, *domain.StoredResponse, error) {
	row := idempotencyKeyModel{Scope: scope, Key: key, MemberID: strPtr(memberID), CreatedAt: time.Now().UTC()}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return false, nil, res.Error
	}
	if res.RowsAffected == 1 {
		return true, nil, nil
	}
	stored, err := r.Lookup(ctx, scope, key)
	return false, stored, err
}

// Complete stores the response of a claimed key.
func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	now := time.Now().UTC()
	return conn(ctx, r.db).Model(&idempotencyKeyModel{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"status_code": status, "response_body": body, "completed_at": now}).Error
}

// Lookup returns the stored response for a key, or nil when the key is
// unknown.
func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (*domain.StoredResponse, error) {
	var row idempotencyKeyModel
	err := conn(ctx, r.db).Where("scope = ? AND key = ?", scope, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := &domain.StoredResponse{Body: row.ResponseBody, Completed: row.CompletedAt != nil}
	if row.StatusCode != nil {
		out.StatusCode = *row.StatusCode
	}
	return out, nil
}

// Save stores a completed response for a key, overwriting any earlier one.
func (r *IdempotencyRepo) Save(ctx context.Context, scope, key, memberID string, status int, body []byte) error {
	now := time.Now().UTC()
	row := idempotencyKeyModel{
		Scope: scope, Key: key, MemberID: strPtr(memberID),
		StatusCode: &status, ResponseBody: body, CreatedAt: now, CompletedAt: &now,
	}
	return conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body", "completed_at"}),
	}).Create(&row).Error
}

// Seen reports whether a consumer already processed a message.
func (r *IdempotencyRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var n int64
	err := conn(ctx, r.db).Model(&processedMessageModel{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).Count(&n).Error
	return n > 0, err
}

// MarkProcessed records that a consumer processed a message.
func (r *IdempotencyRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	row := processedMessageModel{Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC()}
	return conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error
}
