package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type processedWebhookRow struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

func (processedWebhookRow) TableName() string { return "processed_webhooks" }

// InboxRepo remembers which partner webhook events have been handled.
type InboxRepo struct {
	db *gorm.DB
}

func NewInboxRepo(db *gorm.DB) *InboxRepo { return &InboxRepo{db: db} }

// Record marks (provider, eventID) as handled. It returns false if the event
// had already been recorded.
func (r *InboxRepo) Record(ctx context.Context, provider, eventID, eventType string) (bool, error) {
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&processedWebhookRow{
		Provider:   provider,
		EventID:    eventID,
		EventType:  eventType,
		ReceivedAt: time.Now().UTC(),
	})
	if res.Error != nil {
		return false, fmt.Errorf("record webhook %s/%s: %w", provider, eventID, res.Error)
	}
	return res.RowsAffected == 1, nil
}
