// Package notify sends owners text updates about their dog's stay.
package notify

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Message statuses.
const (
	StatusQueued     = "queued"
	StatusSent       = "sent"
	StatusDelivered  = "delivered"
	StatusFailed     = "failed"
	StatusSuppressed = "suppressed"
)

// Message is one outbound SMS.
type Message struct {
	bun.BaseModel `bun:"table:sms_messages"`

	ID                string     `bun:"id,pk"`
	OwnerID           uuid.UUID  `bun:"owner_id,type:uuid,notnull"`
	ReservationID     *uuid.UUID `bun:"reservation_id,type:uuid"`
	Template          string     `bun:"template,notnull"`
	ToPhone           string     `bun:"to_phone,notnull"`
	Body              string     `bun:"body,notnull"`
	DedupKey          *string    `bun:"dedup_key"`
	Status            string     `bun:"status,notnull"`
	ProviderMessageID *string    `bun:"provider_message_id"`
	Error             *string    `bun:"error"`
	CreatedAt         time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	SentAt            *time.Time `bun:"sent_at"`
}

// Receipt is the latest delivery status reported for a provider message.
type Receipt struct {
	bun.BaseModel `bun:"table:sms_delivery_receipts"`

	ProviderMessageID string    `bun:"provider_message_id,pk"`
	Status            string    `bun:"status,notnull"`
	ErrorCode         *string   `bun:"error_code"`
	UpdatedAt         time.Time `bun:"updated_at,notnull"`
}
