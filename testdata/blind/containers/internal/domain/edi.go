package domain

import (
	"encoding/json"
	"time"
)

// EDI message types exchanged with shipping lines.
const (
	MsgCODECO = "CODECO" // gate in / gate out report
	MsgAPERAK = "APERAK" // application acknowledgement of an inbound COPARN
	MsgBERMAN = "BERMAN" // berth confirmation notice
	MsgCOPARN = "COPARN" // inbound container order
)

// OutboxMessage is written in the same transaction as the business change
// and relayed to the outbound queue by a periodic task.
type OutboxMessage struct {
	ID          int64 `gorm:"primaryKey;autoIncrement"`
	DedupKey    string
	MessageType string
	LineCode    string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	CreatedAt   time.Time
	RelayedAt   *time.Time
}

func (OutboxMessage) TableName() string { return "edi_outbox" }

// EDI message delivery statuses.
const (
	EDIPending   = "pending"
	EDIDelivered = "delivered"
	EDIRejected  = "rejected"
)

// EDIMessage is an outbound message as seen by the delivery worker.
type EDIMessage struct {
	ID          string `gorm:"primaryKey"`
	MessageType string
	LineCode    string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	Status      string
	PartnerRef  *string
	DeliveredAt *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (EDIMessage) TableName() string { return "edi_messages" }

// EDIDeliveryAttempt is one try at handing a message to the partner gateway.
type EDIDeliveryAttempt struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	MessageID  string
	AttemptAt  time.Time
	StatusCode int
	Error      string
}

func (EDIDeliveryAttempt) TableName() string { return "edi_delivery_attempts" }
