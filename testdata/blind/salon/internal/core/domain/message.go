package domain

import (
	"time"

	"github.com/google/uuid"
)

type Channel string

const (
	ChannelSMS   Channel = "sms"
	ChannelEmail Channel = "email"
)

type MessageStatus string

const (
	MessageQueued     MessageStatus = "queued"
	MessageSent       MessageStatus = "sent"
	MessageDelivered  MessageStatus = "delivered"
	MessageFailed     MessageStatus = "failed"
	MessageSuppressed MessageStatus = "suppressed"
)

// Message templates.
const (
	TemplateReminder24h   = "reminder_24h"
	TemplateReminder2h    = "reminder_2h"
	TemplateCardDeclined  = "card_declined"
	TemplateWaitlistOffer = "waitlist_offer"
	TemplateReceipt       = "receipt"
	TemplateVoucherGift   = "voucher_gift"
)

type Message struct {
	ID                uuid.UUID     `db:"id"`
	ClientID          *uuid.UUID    `db:"client_id"`
	Channel           Channel       `db:"channel"`
	Template          string        `db:"template"`
	Ref               string        `db:"ref"`
	Recipient         string        `db:"recipient"`
	Body              string        `db:"body"`
	Status            MessageStatus `db:"status"`
	ProviderMessageID *string       `db:"provider_message_id"`
	ErrorCode         *string       `db:"error_code"`
	CreatedAt         time.Time     `db:"created_at"`
	SentAt            *time.Time    `db:"sent_at"`
	DeliveredAt       *time.Time    `db:"delivered_at"`
}

// DeliveryReceipt is a status callback from the messaging provider.
type DeliveryReceipt struct {
	ReceiptID         string    `db:"provider_receipt_id"`
	ProviderMessageID string    `db:"provider_message_id"`
	Status            string    `db:"status"`
	ErrorCode         *string   `db:"error_code"`
	OccurredAt        time.Time `db:"occurred_at"`
}

// OutboundSMS is a text handed to the messaging provider.
type OutboundSMS struct {
	To   string
	From string
	Body string
	Tags map[string]string
}

// OutboundEmail is an email handed to the messaging provider.
type OutboundEmail struct {
	To       string
	ToName   string
	Subject  string
	HTMLBody string
	TextBody string
	Tags     map[string]string
}

// SendResult is what the messaging provider returns for an accepted message.
type SendResult struct {
	ProviderMessageID string
	Status            string
}
