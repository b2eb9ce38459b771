package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// IdempotencyRecord is a stored HTTP response replayed for a repeated
// Idempotency-Key.
type IdempotencyRecord struct {
	Key          string `gorm:"primaryKey"`
	Route        string `gorm:"primaryKey"`
	StatusCode   int
	ResponseBody []byte
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

// IdempotencyKeys stores HTTP responses keyed by the client's key.
type IdempotencyKeys struct {
	db *gorm.DB
}

func NewIdempotencyKeys(db *gorm.DB) *IdempotencyKeys { return &IdempotencyKeys{db: db} }

// Lookup returns the stored response, or nil when the key is new.
func (r *IdempotencyKeys) Lookup(ctx context.Context, key, route string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := r.db.WithContext(ctx).Where("key = ? AND route = ?", key, route).Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Save stores the response for key.
func (r *IdempotencyKeys) Save(ctx context.Context, rec *IdempotencyRecord) error {
	return r.db.WithContext(ctx).Create(rec).Error
}

// ProcessedEvents records consumed Kafka events.
type ProcessedEvents struct {
	db *gorm.DB
}

func NewProcessedEvents(db *gorm.DB) *ProcessedEvents { return &ProcessedEvents{db: db} }

// Seen reports whether the event has been handled.
func (r *ProcessedEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Table("processed_events").Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

// Mark records the event as handled.
func (r *ProcessedEvents) Mark(ctx context.Context, eventID, eventType string) error {
	return r.db.WithContext(ctx).Exec(`
		INSERT INTO processed_events (event_id, event_type) VALUES (?, ?)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType).Error
}

// Claim inserts the processed marker inside tx and reports whether this
// transaction is the first to see the event.
func Claim(tx *gorm.DB, eventID, eventType string) (bool, error) {
	res := tx.Exec(`
		INSERT INTO processed_events (event_id, event_type) VALUES (?, ?)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return res.RowsAffected == 1, res.Error
}
