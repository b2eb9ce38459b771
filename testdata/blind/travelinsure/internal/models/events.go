package models

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// IdempotencyRecord remembers the outcome of a partner request that carried
// an Idempotency-Key header.
type IdempotencyRecord struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	PartnerID      uuid.UUID  `bun:"partner_id,pk,type:uuid"`
	Scope          string     `bun:"scope,pk"`
	Key            string     `bun:"key,pk"`
	RequestHash    string     `bun:"request_hash,notnull"`
	ResourceID     *uuid.UUID `bun:"resource_id,type:uuid"`
	ResponseStatus int        `bun:"response_status,notnull"`
	ResponseBody   []byte     `bun:"response_body,type:bytea"`
	CreatedAt      time.Time  `bun:"created_at,notnull,default:current_timestamp"`
}

// PartnerEvent is a booking-change notification pushed to us by a partner.
type PartnerEvent struct {
	bun.BaseModel `bun:"table:partner_events,alias:pe"`

	PartnerID  uuid.UUID       `bun:"partner_id,pk,type:uuid"`
	EventID    string          `bun:"event_id,pk"`
	Type       string          `bun:"type,notnull"`
	BookingRef string          `bun:"booking_ref,notnull"`
	Payload    json.RawMessage `bun:"payload,type:jsonb,notnull"`
	ReceivedAt time.Time       `bun:"received_at,notnull"`
}

// WebhookEvent is a provider webhook we have already applied.
type WebhookEvent struct {
	bun.BaseModel `bun:"table:webhook_events,alias:we"`

	Provider   string    `bun:"provider,pk"`
	EventID    string    `bun:"event_id,pk"`
	Type       string    `bun:"type,notnull"`
	ReceivedAt time.Time `bun:"received_at,notnull"`
}

// ProcessedMessage marks a feed event as handled by a consumer.
type ProcessedMessage struct {
	bun.BaseModel `bun:"table:processed_messages,alias:pm"`

	Consumer    string    `bun:"consumer,pk"`
	MessageID   string    `bun:"message_id,pk"`
	ProcessedAt time.Time `bun:"processed_at,notnull"`
}
