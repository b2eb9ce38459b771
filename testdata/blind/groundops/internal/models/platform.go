package models

import (
	"encoding/json"
	"time"
)

type ProcessedMessage struct {
	MessageID   string `gorm:"primaryKey"`
	Topic       string
	ProcessedAt time.Time
}

type StripeEvent struct {
	EventID    string `gorm:"primaryKey"`
	Type       string
	ReceivedAt time.Time
}

type IdempotencyRecord struct {
	Key        string `gorm:"primaryKey"`
	Method     string
	Path       string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

const (
	JobQueued = "queued"
	JobDone   = "done"
	JobFailed = "failed"
)

type Job struct {
	Base
	Kind        string
	DedupKey    string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	Status      string
	Attempts    int
	MaxAttempts int
	RunAt       time.Time
	LockedUntil *time.Time
	LastError   string
}

// PartnerCallAttempt is one HTTP attempt against a partner API. Retries
// each add a row; ops use it to chase flaky partners.
type PartnerCallAttempt struct {
	Base
	Partner   string
	Operation string
	Reference string
	Attempt   int
	Error     string
	At        time.Time
}
