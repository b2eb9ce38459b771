package domain

import (
	"time"

	"github.com/google/uuid"
)

// Notice channels and statuses.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"

	NoticeSending = "sending"
	NoticeSent    = "sent"
	NoticeUnknown = "unknown"
)

// Notice is a message sent (or being sent) to a customer.
type Notice struct {
	ID            string     `db:"id"`
	CustomerID    uuid.UUID  `db:"customer_id"`
	Channel       string     `db:"channel"`
	Template      string     `db:"template"`
	Status        string     `db:"status"`
	ProviderMsgID string     `db:"provider_msg_id"`
	CreatedAt     time.Time  `db:"created_at"`
	SentAt        *time.Time `db:"sent_at"`
}

// NoticeRequest is a message on the notices queue, published by the CRM
// and by operations tooling.
type NoticeRequest struct {
	NoticeID   string            `json:"notice_id"`
	CustomerID uuid.UUID         `json:"customer_id"`
	Template   string            `json:"template"`
	Vars       map[string]string `json:"vars"`
}
