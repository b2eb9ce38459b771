package domain

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// IdempotencyRecord is a stored API response keyed by the client's
// Idempotency-Key header.
type IdempotencyRecord struct {
	Scope          string `gorm:"primaryKey"`
	Key            string `gorm:"primaryKey"`
	ResponseStatus int
	ResponseBody   json.RawMessage `gorm:"type:jsonb"`
	CreatedAt      time.Time
}

// TableName maps IdempotencyRecord onto api_idempotency_keys.
func (IdempotencyRecord) TableName() string { return "api_idempotency_keys" }

// InboxEntry marks a message as handled by a consumer.
type InboxEntry struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// TableName maps InboxEntry onto consumer_inbox.
func (InboxEntry) TableName() string { return "consumer_inbox" }

// DeliveryAttempt is one try at handling one message.
type DeliveryAttempt struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	Consumer    string
	Topic       string
	MessageID   string
	AttemptedAt time.Time
	DurationMs  int
	Error       *string
}

// TableName maps DeliveryAttempt onto consumer_delivery_attempts.
func (DeliveryAttempt) TableName() string { return "consumer_delivery_attempts" }

// WebhookEvent records a provider webhook we have accepted.
type WebhookEvent struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

// JSONMap is a jsonb column decoded into a map.
type JSONMap map[string]any

// Value implements driver.Valuer.
func (m JSONMap) Value() (driver.Value, error) {
	if m == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(m)
}

// Scan implements sql.Scanner.
func (m *JSONMap) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case nil:
		*m = JSONMap{}
		return nil
	case []byte:
		b = v
	case string:
		b = []byte(v)
	default:
		return errors.New("jsonmap: unsupported source type")
	}
	return json.Unmarshal(b, m)
}
