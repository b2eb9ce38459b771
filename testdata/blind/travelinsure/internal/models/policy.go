package models

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// QuoteStatus is the lifecycle of a quote.
type QuoteStatus string

const (
	QuoteQuoted  QuoteStatus = "quoted"
	QuoteBound   QuoteStatus = "bound"
	QuoteExpired QuoteStatus = "expired"
)

// Quote is a priced offer made to a traveller through a partner.
type Quote struct {
	bun.BaseModel `bun:"table:quotes,alias:q"`

	ID              uuid.UUID   `bun:"id,pk,type:uuid"`
	PartnerID       uuid.UUID   `bun:"partner_id,type:uuid,notnull"`
	PartnerQuoteRef string      `bun:"partner_quote_ref,notnull"`
	ProductCode     string      `bun:"product_code,notnull"`
	TravellerName   string      `bun:"traveller_name,notnull"`
	TravellerEmail  string      `bun:"traveller_email,notnull"`
	TravellerPhone  string      `bun:"traveller_phone"`
	TravellerAge    int         `bun:"traveller_age,notnull"`
	Destination     string      `bun:"destination,notnull"`
	TripStart       time.Time   `bun:"trip_start,type:date,notnull"`
	TripEnd         time.Time   `bun:"trip_end,type:date,notnull"`
	TripCostMinor   int64       `bun:"trip_cost_minor,notnull"`
	FlightID        string      `bun:"flight_id"`
	DelayCover      bool        `bun:"delay_cover,notnull"`
	PremiumMinor    int64       `bun:"premium_minor,notnull"`
	Currency        string      `bun:"currency,notnull"`
	Status          QuoteStatus `bun:"status,notnull"`
	ExpiresAt       time.Time   `bun:"expires_at,notnull"`
	CreatedAt       time.Time   `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt       time.Time   `bun:"updated_at,notnull,default:current_timestamp"`
}

// PolicyStatus is the lifecycle of an issued policy.
type PolicyStatus string

const (
	PolicyPendingPayment PolicyStatus = "pending_payment"
	PolicyActive         PolicyStatus = "active"
	PolicyPaymentFailed  PolicyStatus = "payment_failed"
	PolicyCancelled      PolicyStatus = "cancelled"
	PolicyExpired        PolicyStatus = "expired"
)

// Policy is an issued insurance contract bound from a quote.
type Policy struct {
	bun.BaseModel `bun:"table:policies,alias:p"`

	ID                 uuid.UUID    `bun:"id,pk,type:uuid"`
	PolicyNumber       string       `bun:"policy_number,notnull"`
	QuoteID            uuid.UUID    `bun:"quote_id,type:uuid,notnull"`
	PartnerID          uuid.UUID    `bun:"partner_id,type:uuid,notnull"`
	PartnerBookingRef  string       `bun:"partner_booking_ref,notnull"`
	ProductCode        string       `bun:"product_code,notnull"`
	TravellerName      string       `bun:"traveller_name,notnull"`
	TravellerEmail     string       `bun:"traveller_email,notnull"`
	TravellerPhone     string       `bun:"traveller_phone"`
	TripStart          time.Time    `bun:"trip_start,type:date,notnull"`
	TripEnd            time.Time    `bun:"trip_end,type:date,notnull"`
	FlightID           string       `bun:"flight_id"`
	DelayCover         bool         `bun:"delay_cover,notnull"`
	PayoutIBAN         string       `bun:"payout_iban"`
	PayoutHolder       string       `bun:"payout_holder"`
	PremiumMinor       int64        `bun:"premium_minor,notnull"`
	Currency           string       `bun:"currency,notnull"`
	PaymentMethodToken string       `bun:"payment_method_token,notnull"`
	Status             PolicyStatus `bun:"status,notnull"`
	CertificateKey     string       `bun:"certificate_key"`
	DeliveredAt        *time.Time   `bun:"delivered_at"`
	BookingCancelledAt *time.Time   `bun:"booking_cancelled_at"`
	CancelledAt        *time.Time   `bun:"cancelled_at"`
	CreatedAt          time.Time    `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt          time.Time    `bun:"updated_at,notnull,default:current_timestamp"`
}

// PaymentStatus is the state of a premium payment or refund at the acquirer.
type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSubmitted PaymentStatus = "submitted"
	PaymentCaptured  PaymentStatus = "captured"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
)

// PremiumPayment records a captured premium charge.
type PremiumPayment struct {
	bun.BaseModel `bun:"table:premium_payments,alias:pp"`

	ID               uuid.UUID     `bun:"id,pk,type:uuid"`
	PolicyID         uuid.UUID     `bun:"policy_id,type:uuid,notnull"`
	AmountMinor      int64         `bun:"amount_minor,notnull"`
	Currency         string        `bun:"currency,notnull"`
	Status           PaymentStatus `bun:"status,notnull"`
	ProviderChargeID string        `bun:"provider_charge_id,notnull"`
	Disputed         bool          `bun:"disputed,notnull"`
	CreatedAt        time.Time     `bun:"created_at,notnull,default:current_timestamp"`
}

// Refund is a premium refund owed after cancellation.
type Refund struct {
	bun.BaseModel `bun:"table:refunds,alias:rf"`

	ID               uuid.UUID     `bun:"id,pk,type:uuid"`
	PolicyID         uuid.UUID     `bun:"policy_id,type:uuid,notnull"`
	AmountMinor      int64         `bun:"amount_minor,notnull"`
	Currency         string        `bun:"currency,notnull"`
	Reason           string        `bun:"reason,notnull"`
	Status           PaymentStatus `bun:"status,notnull"`
	ProviderRefundID string        `bun:"provider_refund_id"`
	CreatedAt        time.Time     `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt        time.Time     `bun:"updated_at,notnull,default:current_timestamp"`
}

// TravellerNotification is the log of SMS and email messages sent to a
// traveller about a policy.
type TravellerNotification struct {
	bun.BaseModel `bun:"table:traveller_notifications,alias:tn"`

	ID                uuid.UUID `bun:"id,pk,type:uuid"`
	PolicyID          uuid.UUID `bun:"policy_id,type:uuid,notnull"`
	Kind              string    `bun:"kind,notnull"`
	Channel           string    `bun:"channel,notnull"`
	Reference         string    `bun:"reference,notnull"`
	ProviderMessageID string    `bun:"provider_message_id"`
	SentAt            time.Time `bun:"sent_at,notnull"`
}
