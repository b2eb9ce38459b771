package models

import (
	"encoding/json"
	"time"
)

// IdempotencyKey stores the outcome of a request made with an
// Idempotency-Key header.
type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	StatusCode   *int
	ResponseBody json.RawMessage `gorm:"type:jsonb"`
	ResourceID   *string
	CreatedAt    time.Time
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }

// WebhookEvent is a provider webhook we have accepted.
type WebhookEvent struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

func (WebhookEvent) TableName() string { return "webhook_events" }

// ProcessedMessage is a domain event a consumer has handled.
type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (ProcessedMessage) TableName() string { return "processed_messages" }
