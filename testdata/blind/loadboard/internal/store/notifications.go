package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// NotificationRepo records outbound carrier and shipper messages.
type NotificationRepo struct {
	db *gorm.DB
}

func NewNotificationRepo(db *gorm.DB) *NotificationRepo { return &NotificationRepo{db: db} }

// Reserve inserts a notification keyed by DedupKey. It reports false if a
// notification with that key already exists.
func (r *NotificationRepo) Reserve(ctx context.Context, n *domain.Notification) (bool, error) {
	row := notificationRow{
		ID:                n.ID,
		DedupKey:          n.DedupKey,
		Channel:           n.Channel,
		Recipient:         n.Recipient,
		Template:          n.Template,
		Status:            n.Status,
		ProviderMessageID: ptr(n.ProviderMessageID),
		SentAt:            n.SentAt,
		CreatedAt:         time.Now().UTC(),
	}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "dedup_key"}},
		DoNothing: true,
	}).Create(&row)
	if res.Error != nil {
		return false, fmt.Errorf("reserve notification %s: %w", n.DedupKey, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// MarkSent records the provider message ID for a notification.
func (r *NotificationRepo) MarkSent(ctx context.Context, dedupKey, providerMessageID string, at time.Time) error {
	return conn(ctx, r.db).Model(&notificationRow{}).
		Where("dedup_key = ?", dedupKey).
		Updates(map[string]any{"status": "sent", "provider_message_id": providerMessageID, "sent_at": at}).Error
}

// Get returns the notification with the given dedup key.
func (r *NotificationRepo) Get(ctx context.Context, dedupKey string) (*domain.Notification, error) {
	var row notificationRow
	if err := conn(ctx, r.db).Where("dedup_key = ?", dedupKey).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return &domain.Notification{
		ID: row.ID, DedupKey: row.DedupKey, Channel: row.Channel, Recipient: row.Recipient,
		Template: row.Template, Status: row.Status, ProviderMessageID: deref(row.ProviderMessageID),
		SentAt: row.SentAt, CreatedAt: row.CreatedAt,
	}, nil
}
