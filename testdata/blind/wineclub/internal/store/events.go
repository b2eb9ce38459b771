package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// WebhookEvents records provider webhook deliveries.
type WebhookEvents struct{ db *gorm.DB }

// NewWebhookEvents returns the webhook event repository.
func NewWebhookEvents(db *gorm.DB) *WebhookEvents { return &WebhookEvents{db: db} }

// Claim inserts the event inside tx and reports whether this delivery is the
// first one.
func (r *WebhookEvents) Claim(tx *gorm.DB, provider, id, typ string) (bool, error) {
	row := models.WebhookEvent{Provider: provider, EventID: id, EventType: typ, ReceivedAt: time.Now().UTC()}
	res := tx.Clauses(doNothingOn("provider", "event_id")).Create(&row)
	return res.RowsAffected == 1, res.Error
}

// Seen reports whether the event was recorded.
func (r *WebhookEvents) Seen(ctx context.Context, provider, id string) (bool, error) {
	var row models.WebhookEvent
	err := r.db.WithContext(ctx).First(&row, "provider = ? AND event_id = ?", provider, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Processed records consumed Kafka messages per consumer name. Every method
// takes the *gorm.DB to run on so callers choose the transaction.
type Processed struct{}

// NewProcessed returns the processed-message repository.
func NewProcessed() *Processed { return &Processed{} }

// Claim inserts the marker and reports whether it was new.
func (Processed) Claim(tx *gorm.DB, consumer, messageID string) (bool, error) {
	row := models.ProcessedMessage{Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC()}
	res := tx.Clauses(doNothingOn("consumer", "message_id")).Create(&row)
	return res.RowsAffected == 1, res.Error
}

// Exists reports whether the message was processed.
func (Processed) Exists(db *gorm.DB, consumer, messageID string) (bool, error) {
	var n int64
	err := db.Model(&models.ProcessedMessage{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).Count(&n).Error
	return n > 0, err
}

// Mark records the message as processed.
func (Processed) Mark(db *gorm.DB, consumer, messageID string) error {
	row := models.ProcessedMessage{Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC()}
	return db.Clauses(doNothingOn("consumer", "message_id")).Create(&row).Error
}
