package domain

import (
	"encoding/json"
	"time"

	"github.com/uptrace/bun"
)

// Receipt is the tax receipt issued for a donation.
type Receipt struct {
	bun.BaseModel `bun:"table:receipts,alias:rc"`

	ID            int64      `bun:"id,pk,autoincrement"`
	DonationID    string     `bun:"donation_id,type:uuid,notnull"`
	ReceiptNumber string     `bun:"receipt_number,notnull"`
	MessageRef    string     `bun:"message_ref,notnull"`
	EmailedAt     *time.Time `bun:"emailed_at"`
	CreatedAt     time.Time  `bun:"created_at,notnull,default:current_timestamp"`
}

// EmailEvent is a delivery/bounce event reported by the email provider.
type EmailEvent struct {
	bun.BaseModel `bun:"table:email_events,alias:ee"`

	ProviderEventID string    `bun:"provider_event_id,pk"`
	Email           string    `bun:"email,notnull"`
	Type            string    `bun:"type,notnull"`
	MessageRef      string    `bun:"message_ref"`
	OccurredAt      time.Time `bun:"occurred_at,notnull"`
}

// CharityNotification records an outbound webhook delivered to a charity.
type CharityNotification struct {
	bun.BaseModel `bun:"table:charity_notifications,alias:cn"`

	DonationID  string    `bun:"donation_id,pk,type:uuid"`
	CharityID   string    `bun:"charity_id,type:uuid,notnull"`
	StatusCode  int       `bun:"status_code,notnull"`
	DeliveredAt time.Time `bun:"delivered_at,notnull,default:current_timestamp"`
}

// OutboxMessage is an event written in the same transaction as the state
// change it describes and relayed to RabbitMQ afterwards.
type OutboxMessage struct {
	bun.BaseModel `bun:"table:outbox,alias:ob"`

	ID          string          `bun:"id,pk"`
	RoutingKey  string          `bun:"routing_key,notnull"`
	Payload     json.RawMessage `bun:"payload,type:jsonb,notnull"`
	CreatedAt   time.Time       `bun:"created_at,notnull,default:current_timestamp"`
	PublishedAt *time.Time      `bun:"published_at"`
	Attempts    int             `bun:"attempts,notnull"`
}

// OutboxAttempt is an append-only log line for each relay attempt.
type OutboxAttempt struct {
	bun.BaseModel `bun:"table:outbox_attempts,alias:oa"`

	ID          string    `bun:"id,pk,type:uuid"`
	OutboxID    string    `bun:"outbox_id,notnull"`
	Error       *string   `bun:"error"`
	AttemptedAt time.Time `bun:"attempted_at,notnull,default:current_timestamp"`
}

// ProcessedMessage marks a consumer as having handled a message id.
type ProcessedMessage struct {
	bun.BaseModel `bun:"table:processed_messages,alias:pm"`

	Consumer    string    `bun:"consumer,pk"`
	MessageID   string    `bun:"message_id,pk"`
	ProcessedAt time.Time `bun:"processed_at,notnull,default:current_timestamp"`
}
