package domain

import "time"

// Notification channels and statuses.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"

	NotificationPending = "pending"
	NotificationSending = "sending"
	NotificationSent    = "sent"
	NotificationFailed  = "failed"
)

// Notification is one message to a passenger.
type Notification struct {
	ID          string `gorm:"primaryKey"`
	BookingID   string `gorm:"type:uuid"`
	Channel     string
	Template    string
	Recipient   string
	Status      string
	Attempts    int
	ProviderRef string
	CreatedAt   time.Time
	SentAt      *time.Time
}

// DisplayPushAttempt is an append-only log row for station display pushes.
type DisplayPushAttempt struct {
	ID          string `gorm:"primaryKey"`
	TripID      string
	StationCode string
	Version     int64
	StatusCode  int
	Error       string
	AttemptedAt time.Time
}

// OutboxEvent is a message waiting to be published to Kafka.
type OutboxEvent struct {
	ID          string `gorm:"primaryKey"`
	Topic       string
	MsgKey      string
	Payload     []byte `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

// TableName pins the table name.
func (OutboxEvent) TableName() string { return "outbox_events" }
