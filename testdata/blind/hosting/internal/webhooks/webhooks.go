// Package webhooks tracks inbound provider events we have already handled.
package webhooks

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Event is a provider event we received.
type Event struct {
	Provider    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	EventType   string
	ReceivedAt  time.Time
	ProcessedAt *time.Time
}

// TableName implements gorm's tabler.
func (Event) TableName() string { return "webhook_events" }

// Repository stores received events.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx binds the repository to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// Seen reports whether the event was already processed.
func (r *Repository) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&Event{}).
		Where("provider = ? AND event_id = ? AND processed_at IS NOT NULL", provider, eventID).
		Count(&n).Error
	return n > 0, err
}

// MarkProcessed records that the event was handled.
func (r *Repository) MarkProcessed(ctx context.Context, provider, eventID, eventType string) error {
	now := time.Now().UTC()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "provider"}, {Name: "event_id"}},
		DoUpdates: clause.Assignments(map[string]any{"processed_at": now}),
	}).Create(&Event{Provider: provider, EventID: eventID, EventType: eventType, ReceivedAt: now, ProcessedAt: &now}).Error
}

// Claim inserts the event as processed and reports whether this call
// inserted it. Use inside the transaction that applies the event.
func (r *Repository) Claim(ctx context.Context, provider, eventID, eventType string) (bool, error) {
	now := time.Now().UTC()
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&Event{Provider: provider, EventID: eventID, EventType: eventType, ReceivedAt: now, ProcessedAt: &now})
	return res.RowsAffected == 1, res.Error
}
