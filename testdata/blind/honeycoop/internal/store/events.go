package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// EventLog remembers consumed Kafka events and received webhooks.
type EventLog struct {
	db *DB
}

func NewEventLog(db *DB) *EventLog { return &EventLog{db: db} }

// Seen reports whether a consumed event was already applied.
func (l *EventLog) Seen(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := l.db.Conn(ctx).Model(&ProcessedEvent{}).Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

// MarkProcessed records a consumed event.
func (l *EventLog) MarkProcessed(ctx context.Context, eventID, topic string) error {
	return l.db.Conn(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&ProcessedEvent{EventID: eventID, Topic: topic, ProcessedAt: time.Now()}).Error
}

// ClaimWebhook inserts the (source, event) pair and reports whether this call
// inserted it. Call it inside the transaction that applies the event.
func (l *EventLog) ClaimWebhook(ctx context.Context, source, eventID, eventType string) (bool, error) {
	res := l.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "source"}, {Name: "event_id"}},
			DoNothing: true,
		}).
		Create(&WebhookEvent{Source: source, EventID: eventID, EventType: eventType, ReceivedAt: time.Now()})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
