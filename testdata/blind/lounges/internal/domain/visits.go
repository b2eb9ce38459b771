package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type EntitlementType string

const (
	EntitlementMembership EntitlementType = "membership"
	EntitlementDayPass    EntitlementType = "day_pass"
	EntitlementCard       EntitlementType = "card"
	EntitlementAirline    EntitlementType = "airline"
)

type Visit struct {
	ID                uuid.UUID       `db:"id" json:"id"`
	LoungeID          uuid.UUID       `db:"lounge_id" json:"lounge_id"`
	ScanID            string          `db:"scan_id" json:"scan_id"`
	MemberID          *uuid.UUID      `db:"member_id" json:"member_id,omitempty"`
	EntitlementType   EntitlementType `db:"entitlement_type" json:"entitlement_type"`
	EntitlementRef    string          `db:"entitlement_ref" json:"entitlement_ref"`
	AirlineCode       *string         `db:"airline_code" json:"airline_code,omitempty"`
	GuestCount        int             `db:"guest_count" json:"guest_count"`
	EnteredAt         time.Time       `db:"entered_at" json:"entered_at"`
	ExitedAt          *time.Time      `db:"exited_at" json:"exited_at,omitempty"`
	InvoicedInvoiceID *uuid.UUID      `db:"invoiced_invoice_id" json:"-"`
	CreatedAt         time.Time       `db:"created_at" json:"created_at"`
}

type AccessAttempt struct {
	ID        uuid.UUID `db:"id"`
	LoungeID  uuid.UUID `db:"lounge_id"`
	ScanID    string    `db:"scan_id"`
	DeviceID  string    `db:"device_id"`
	Outcome   string    `db:"outcome"`
	Reason    string    `db:"reason"`
	CreatedAt time.Time `db:"created_at"`
}

type CardRedemption struct {
	ID                  uuid.UUID `db:"id"`
	VisitID             uuid.UUID `db:"visit_id"`
	CardID              uuid.UUID `db:"card_id"`
	NetworkRedemptionID string    `db:"network_redemption_id"`
	RemainingVisits     *int      `db:"remaining_visits"`
	CreatedAt           time.Time `db:"created_at"`
}

type GuestAdmission struct {
	ID           uuid.UUID `db:"id" json:"id"`
	VisitID      uuid.UUID `db:"visit_id" json:"visit_id"`
	MembershipID uuid.UUID `db:"membership_id" json:"membership_id"`
	GuestName    string    `db:"guest_name" json:"guest_name"`
	AdmittedAt   time.Time `db:"admitted_at" json:"admitted_at"`
}

type GuestPassGrant struct {
	ID           uuid.UUID `db:"id"`
	MembershipID uuid.UUID `db:"membership_id"`
	Period       string    `db:"period"`
	Quantity     int       `db:"quantity"`
	CreatedAt    time.Time `db:"created_at"`
}

type GuestPassPurchase struct {
	ID                    uuid.UUID `db:"id" json:"id"`
	MembershipID          uuid.UUID `db:"membership_id" json:"membership_id"`
	Quantity              int       `db:"quantity" json:"quantity"`
	AmountCents           int64     `db:"amount_cents" json:"amount_cents"`
	Currency              string    `db:"currency" json:"currency"`
	StripePaymentIntentID string    `db:"stripe_payment_intent_id" json:"-"`
	CreatedAt             time.Time `db:"created_at" json:"created_at"`
}

type TransferStatus string

const (
	TransferPending TransferStatus = "pending"
	TransferClaimed TransferStatus = "claimed"
	TransferExpired TransferStatus = "expired"
)

type GuestPassTransfer struct {
	ID               uuid.UUID      `db:"id" json:"id"`
	FromMembershipID uuid.UUID      `db:"from_membership_id" json:"from_membership_id"`
	RequestKey       string         `db:"request_key" json:"-"`
	RecipientEmail   string         `db:"recipient_email" json:"recipient_email"`
	ClaimCode        string         `db:"claim_code" json:"-"`
	Status           TransferStatus `db:"status" json:"status"`
	ClaimedBy        *uuid.UUID     `db:"claimed_by" json:"claimed_by,omitempty"`
	CreatedAt        time.Time      `db:"created_at" json:"created_at"`
	ClaimedAt        *time.Time     `db:"claimed_at" json:"claimed_at,omitempty"`
}

type OutboxEvent struct {
	ID           uuid.UUID       `db:"id"`
	Topic        string          `db:"topic"`
	PartitionKey string          `db:"partition_key"`
	EventType    string          `db:"event_type"`
	Payload      json.RawMessage `db:"payload"`
	CreatedAt    time.Time       `db:"created_at"`
	PublishedAt  *time.Time      `db:"published_at"`
}
