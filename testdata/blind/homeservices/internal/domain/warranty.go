package domain

import "time"

// Claim statuses.
const (
	ClaimDraft      = "draft"
	ClaimSubmitted  = "submitted"
	ClaimAuthorized = "authorized"
	ClaimApproved   = "approved"
	ClaimRejected   = "rejected"
)

// WarrantyClaim is a customer's claim under their home warranty policy.
type WarrantyClaim struct {
	ID              string    `db:"id" json:"id"`
	JobID           string    `db:"job_id" json:"job_id"`
	CustomerID      string    `db:"customer_id" json:"customer_id"`
	PolicyRef       string    `db:"policy_ref" json:"policy_ref"`
	Description     string    `db:"description" json:"description"`
	InsurerClaimRef *string   `db:"insurer_claim_ref" json:"insurer_claim_ref,omitempty"`
	Status          string    `db:"status" json:"status"`
	ApprovedCents   *int64    `db:"approved_cents" json:"approved_cents,omitempty"`
	RejectionReason *string   `db:"rejection_reason" json:"rejection_reason,omitempty"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time `db:"updated_at" json:"updated_at"`
}

// WarrantyAuthorization is the insurer's authorisation to start repairs.
type WarrantyAuthorization struct {
	AuthorizationRef string    `db:"authorization_ref"`
	ClaimID          string    `db:"claim_id"`
	AmountCents      int64     `db:"amount_cents"`
	ExpiresAt        time.Time `db:"expires_at"`
	CreatedAt        time.Time `db:"created_at"`
}

// Notification statuses.
const (
	NotificationQueued    = "queued"
	NotificationSent      = "sent"
	NotificationDelivered = "delivered"
	NotificationFailed    = "failed"
)

// Notification is an outbound SMS.
type Notification struct {
	ID                string    `db:"id"`
	JobID             *string   `db:"job_id"`
	Recipient         string    `db:"recipient"`
	Template          string    `db:"template"`
	ClientReference   string    `db:"client_reference"`
	ProviderMessageID *string   `db:"provider_message_id"`
	Status            string    `db:"status"`
	ErrorCode         *string   `db:"error_code"`
	CreatedAt         time.Time `db:"created_at"`
	UpdatedAt         time.Time `db:"updated_at"`
}

// InboundSMS is a text received from a customer or technician.
type InboundSMS struct {
	ProviderMessageID string    `db:"provider_message_id"`
	FromPhone         string    `db:"from_phone"`
	ToPhone           string    `db:"to_phone"`
	Body              string    `db:"body"`
	ReceivedAt        time.Time `db:"received_at"`
}
