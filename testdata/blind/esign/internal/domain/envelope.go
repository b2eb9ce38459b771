// Package domain holds the row types shared by the store, services and workers.
package domain

import (
	"time"
)

// Envelope statuses.
const (
	EnvelopeDraft     = "draft"
	EnvelopeSent      = "sent"
	EnvelopeCompleted = "completed"
	EnvelopeVoided    = "voided"
)

// Signer statuses.
const (
	SignerPending  = "pending"
	SignerNotified = "notified"
	SignerSigned   = "signed"
	SignerDeclined = "declined"
)

// Envelope is a document sent to one or more signers.
type Envelope struct {
	ID                    string     `db:"id" json:"id"`
	AccountID             string     `db:"account_id" json:"account_id"`
	IdempotencyKey        *string    `db:"idempotency_key" json:"-"`
	Subject               string     `db:"subject" json:"subject"`
	Message               string     `db:"message" json:"message"`
	DocumentURL           string     `db:"document_url" json:"document_url"`
	DocumentSHA256        string     `db:"document_sha256" json:"document_sha256"`
	SenderEmail           string     `db:"sender_email" json:"sender_email"`
	Status                string     `db:"status" json:"status"`
	ReminderIntervalHours int        `db:"reminder_interval_hours" json:"reminder_interval_hours"`
	RemindersSent         int        `db:"reminders_sent" json:"reminders_sent"`
	NextReminderAt        *time.Time `db:"next_reminder_at" json:"next_reminder_at,omitempty"`
	VoidReason            *string    `db:"void_reason" json:"void_reason,omitempty"`
	BilledAt              *time.Time `db:"billed_at" json:"-"`
	CreatedAt             time.Time  `db:"created_at" json:"created_at"`
	SentAt                *time.Time `db:"sent_at" json:"sent_at,omitempty"`
	CompletedAt           *time.Time `db:"completed_at" json:"completed_at,omitempty"`
	VoidedAt              *time.Time `db:"voided_at" json:"voided_at,omitempty"`
}

// TableName implements store.Table.
func (Envelope) TableName() string { return "envelopes" }

// Signer is one recipient who must sign an envelope.
type Signer struct {
	ID              string     `db:"id" json:"id"`
	EnvelopeID      string     `db:"envelope_id" json:"envelope_id"`
	Name            string     `db:"name" json:"name"`
	Email           string     `db:"email" json:"email"`
	Phone           *string    `db:"phone" json:"phone,omitempty"`
	RoutingOrder    int        `db:"routing_order" json:"routing_order"`
	Status          string     `db:"status" json:"status"`
	NotifiedAt      *time.Time `db:"notified_at" json:"notified_at,omitempty"`
	SignedAt        *time.Time `db:"signed_at" json:"signed_at,omitempty"`
	SignatureSHA256 *string    `db:"signature_sha256" json:"-"`
	SignedIP        *string    `db:"signed_ip" json:"-"`
}

// TableName implements store.Table.
func (Signer) TableName() string { return "signers" }

// HasPhone reports whether SMS can be used for this signer.
func (s Signer) HasPhone() bool { return s.Phone != nil && *s.Phone != "" }

// EnvelopeEvent is an entry in the envelope's audit trail.
type EnvelopeEvent struct {
	ID         string    `db:"id"`
	EnvelopeID string    `db:"envelope_id"`
	SignerID   *string   `db:"signer_id"`
	Kind       string    `db:"kind"`
	Detail     []byte    `db:"detail"`
	OccurredAt time.Time `db:"occurred_at"`
}

// TableName implements store.Table.
func (EnvelopeEvent) TableName() string { return "envelope_events" }

// WebhookEndpoint is a customer URL that receives completed documents.
type WebhookEndpoint struct {
	ID        string    `db:"id" json:"id"`
	AccountID string    `db:"account_id" json:"account_id"`
	URL       string    `db:"url" json:"url"`
	Secret    string    `db:"secret" json:"-"`
	Active    bool      `db:"active" json:"active"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
	UpdatedAt time.Time `db:"updated_at" json:"updated_at"`
}

// Delivery statuses.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Delivery is one completed envelope to be POSTed to one endpoint.
type Delivery struct {
	ID          string     `db:"id"`
	EnvelopeID  string     `db:"envelope_id"`
	EndpointID  string     `db:"endpoint_id"`
	Status      string     `db:"status"`
	Attempts    int        `db:"attempts"`
	DeliveredAt *time.Time `db:"delivered_at"`
	CreatedAt   time.Time  `db:"created_at"`
}

// TableName implements store.Table.
func (Delivery) TableName() string { return "deliveries" }

// DeliveryAttempt records one POST to a customer endpoint.
type DeliveryAttempt struct {
	ID          string    `db:"id"`
	DeliveryID  string    `db:"delivery_id"`
	StatusCode  *int      `db:"status_code"`
	Error       *string   `db:"error"`
	DurationMS  int       `db:"duration_ms"`
	AttemptedAt time.Time `db:"attempted_at"`
}

// TableName implements store.Table.
func (DeliveryAttempt) TableName() string { return "delivery_attempts" }

// ReminderRequest is a "remind now" click from the dashboard.
type ReminderRequest struct {
	ID          string    `db:"id"`
	EnvelopeID  string    `db:"envelope_id"`
	SignerID    string    `db:"signer_id"`
	RequestedBy string    `db:"requested_by"`
	CreatedAt   time.Time `db:"created_at"`
}

// TableName implements store.Table.
func (ReminderRequest) TableName() string { return "reminder_requests" }

// SMSStatusEvent is a delivery receipt from the SMS provider.
type SMSStatusEvent struct {
	ProviderMessageID string    `db:"provider_message_id"`
	Status            string    `db:"status"`
	ErrorCode         *string   `db:"error_code"`
	ReceivedAt        time.Time `db:"received_at"`
}

// TableName implements store.Table.
func (SMSStatusEvent) TableName() string { return "sms_status_events" }
