package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type Channel string

const (
	ChannelEmail Channel = "email"
	ChannelSMS   Channel = "sms"
	ChannelPush  Channel = "push"
)

type NotificationStatus string

const (
	NotificationQueued  NotificationStatus = "queued"
	NotificationSending NotificationStatus = "sending"
	NotificationSent    NotificationStatus = "sent"
	NotificationFailed  NotificationStatus = "failed"
)

// Notification is an outbox row; the dispatcher delivers it.
type Notification struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID        uuid.UUID `gorm:"type:uuid"`
	Channel           Channel
	Template          string
	Vars              json.RawMessage `gorm:"type:jsonb"`
	DedupeKey         string
	Status            NotificationStatus
	Attempts          int
	LastError         *string
	ProviderMessageID *string
	LockedUntil       *time.Time
	CreatedAt         time.Time
	SentAt            *time.Time
}

// NewNotification builds a queued outbox row. dedupeKey must identify the
// business fact being announced so the same fact is never queued twice.
func NewNotification(customerID uuid.UUID, ch Channel, template, dedupeKey string, vars map[string]any) *Notification {
	raw, _ := json.Marshal(vars)
	return &Notification{
		ID:         uuid.New(),
		CustomerID: customerID,
		Channel:    ch,
		Template:   template,
		Vars:       raw,
		DedupeKey:  dedupeKey,
		Status:     NotificationQueued,
	}
}
