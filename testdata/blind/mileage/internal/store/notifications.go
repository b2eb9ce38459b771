package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// NotificationRepo records SMS notifications.
type NotificationRepo struct {
	db *gorm.DB
}

// NewNotificationRepo returns a NotificationRepo.
func NewNotificationRepo(db *gorm.DB) *NotificationRepo { return &NotificationRepo{db: db} }

// Exists reports whether a notification with the key was recorded.
func (r *NotificationRepo) Exists(ctx context.Context, dedupKey string) (bool, error) {
	var n int64
	err := conn(ctx, r.db).Model(&notificationModel{}).Where("dedup_key = ?", dedupKey).Count(&n).Error
	return n > 0, err
}

// Record stores a notification unless one with the same key exists. It
// reports whether the row was inserted.
func (r *NotificationRepo) Record(ctx context.Context, n domain.Notification) (bool, error) {
	row := notificationModel{
		MemberID:          n.MemberID,
		DedupKey:          n.DedupKey,
		Template:          n.Template,
		Phone:             n.Phone,
		Status:            n.Status,
		ProviderMessageID: strPtr(n.ProviderMessageID),
		CreatedAt:         time.Now().UTC(),
	}
	if n.Status == "sent" {
		now := time.Now().UTC()
		row.SentAt = &now
	}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "dedup_key"}},
		DoNothing: true,
	}).Create(&row)
	return res.RowsAffected == 1, res.Error
}

// MarkSent completes a notification that was recorded before sending.
func (r *NotificationRepo) MarkSent(ctx context.Context, dedupKey, providerID string) error {
	now := time.Now().UTC()
	return conn(ctx, r.db).Model(&notificationModel{}).
		Where("dedup_key = ?", dedupKey).
		Updates(map[string]any{"status": "sent", "provider_message_id": providerID, "sent_at": now}).Error
}

// MarkFailed flags a notification the provider refused.
func (r *NotificationRepo) MarkFailed(ctx context.Context, dedupKey string) error {
	return conn(ctx, r.db).Model(&notificationModel{}).
		Where("dedup_key = ?", dedupKey).
		Update("status", "failed").Error
}
