package repo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Outbox stores events to relay to Kafka.
type Outbox struct{ db *gorm.DB }

// NewOutbox returns an Outbox repository.
func NewOutbox(db *gorm.DB) *Outbox { return &Outbox{db: db} }

// Add writes an event. Call it with the context of the transaction that
// makes the change the event describes.
func (r *Outbox) Add(ctx context.Context, topic, key, eventType string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return dbx.Conn(ctx, r.db).Create(&model.OutboxEvent{
		ID:           uuid.NewString(),
		Topic:        topic,
		PartitionKey: key,
		EventType:    eventType,
		Payload:      data,
	}).Error
}

// Unsent locks a batch of unsent events for relay.
func (r *Outbox) Unsent(ctx context.Context, limit int) ([]model.OutboxEvent, error) {
	var out []model.OutboxEvent
	err := dbx.Conn(ctx, r.db).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("sent_at IS NULL").Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

// MarkSent stamps events as relayed.
func (r *Outbox) MarkSent(ctx context.Context, ids []string, at time.Time) error {
	return dbx.Conn(ctx, r.db).Model(&model.OutboxEvent{}).
		Where("id IN ? AND sent_at IS NULL", ids).Update("sent_at", at).Error
}

// CentreEvents remembers which centre-management events have been applied.
type CentreEvents struct{ db *gorm.DB }

// NewCentreEvents returns a CentreEvents repository.
func NewCentreEvents(db *gorm.DB) *CentreEvents { return &CentreEvents{db: db} }

// Applied reports whether eventID has been applied.
func (r *CentreEvents) Applied(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := dbx.Conn(ctx, r.db).Table("centre_events_applied").Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

// MarkApplied records eventID as applied.
func (r *CentreEvents) MarkApplied(ctx context.Context, eventID, eventType string) error {
	return dbx.Conn(ctx, r.db).Exec(
		`INSERT INTO centre_events_applied (event_id, event_type) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType).Error
}

// Claim records eventID as applied and reports whether this call did so.
// Use it inside the transaction that applies the event.
func (r *CentreEvents) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	res := dbx.Conn(ctx, r.db).Exec(
		`INSERT INTO centre_events_applied (event_id, event_type) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
