package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
)

// Outbox stores events to relay to Kafka after commit.
type Outbox struct{ db *gorm.DB }

// NewOutbox returns the outbox repository.
func NewOutbox(db *gorm.DB) *Outbox { return &Outbox{db: db} }

// Add stages an event inside tx.
func (r *Outbox) Add(tx *gorm.DB, topic, key, eventType string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return tx.Create(&models.OutboxMessage{
		ID:         idgen.EventID(),
		Topic:      topic,
		MessageKey: key,
		EventType:  eventType,
		Payload:    body,
		CreatedAt:  time.Now().UTC(),
	}).Error
}

// Unpublished returns the oldest unpublished events.
func (r *Outbox) Unpublished(ctx context.Context, limit int) ([]models.OutboxMessage, error) {
	var out []models.OutboxMessage
	err := r.db.WithContext(ctx).Where("published_at IS NULL").Order("created_at, id").Limit(limit).Find(&out).Error
	return out, err
}

// MarkPublished stamps events as relayed.
func (r *Outbox) MarkPublished(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Model(&models.OutboxMessage{}).Where("id IN ?", ids).
		Update("published_at", time.Now().UTC()).Error
}
