// Package models holds the gorm models mapped onto the tables in migrations/.
package models

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// Member statuses.
const (
	MemberPendingVerification = "pending_verification"
	MemberActive              = "active"
	MemberPaused              = "paused"
	MemberCancelled           = "cancelled"
	MemberRejected            = "rejected"
)

// Member is a club member.
type Member struct {
	ID                 string `gorm:"primaryKey"`
	Email              string
	FirstName          string
	LastName           string
	Phone              string
	BirthDate          time.Time `gorm:"type:date"`
	Tier               string
	Status             string
	ShipState          string
	AddressLine1       string
	AddressLine2       string
	City               string
	PostalCode         string
	StripeCustomerID   *string
	PaymentMethodID    *string
	CreditBalanceCents int64
	GiftID             *string
	CancelledAt        *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// FullName returns first and last name.
func (m Member) FullName() string { return m.FirstName + " " + m.LastName }

// IdempotencyKey is a claimed client key.
type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	ResourceID   *string
	StatusCode   *int
	ResponseBody []byte
	CreatedAt    time.Time
}

// AgeVerification is the latest vendor result for a member.
type AgeVerification struct {
	MemberID      string `gorm:"primaryKey"`
	VendorCheckID string
	Outcome       string
	Score         float64
	CheckedAt     time.Time
}

// Credit sources.
const (
	CreditGoodwill     = "goodwill"
	CreditReferral     = "referral"
	CreditCancellation = "cancellation"
	CreditRefund       = "refund"
)

// MemberCredit is one credit grant.
type MemberCredit struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	MemberID    string
	AmountCents int64
	Source      string
	Reason      string
	IssuedBy    string
	Status      string
	ExpiresAt   *time.Time
	CreatedAt   time.Time
}

// ReferralBonus records the bonus paid for one referred member.
type ReferralBonus struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	ReferrerID       string
	ReferredMemberID string
	AmountCents      int64
	CreatedAt        time.Time
}

// InventoryItem is a stocked wine.
type InventoryItem struct {
	SKU       string `gorm:"column:sku;primaryKey"`
	Name      string
	Vintage   int
	UnitCents int64
	OnHand    int
	Reserved  int
	UpdatedAt time.Time
}

// TableName implements gorm's tabler.
func (InventoryItem) TableName() string { return "inventory" }

// AllocationRun is one execution of the quarterly allocation job.
type AllocationRun struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	Quarter    string
	StartedAt  time.Time
	FinishedAt *time.Time
	Allocated  int
}

// Allocation statuses.
const (
	AllocationPending  = "pending"
	AllocationSkipped  = "skipped"
	AllocationCharging = "charging"
	AllocationPaid     = "paid"
	AllocationFailed   = "payment_failed"
	AllocationShipped  = "shipped"
)

// Allocation is a member's shipment for a quarter.
type Allocation struct {
	ID                 uuid.UUID  `gorm:"type:uuid;primaryKey"`
	RunID              *uuid.UUID `gorm:"type:uuid"`
	MemberID           string
	Quarter            string
	Status             string
	SubtotalCents      int64
	ShippingCents      int64
	TaxCents           int64
	CreditAppliedCents int64
	Items              []AllocationItem `gorm:"foreignKey:AllocationID"`
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// TotalCents is what the member's card is charged.
func (a Allocation) TotalCents() int64 {
	t := a.SubtotalCents + a.ShippingCents + a.TaxCents - a.CreditAppliedCents
	if t < 0 {
		return 0
	}
	return t
}

// AllocationItem is one wine line in an allocation.
type AllocationItem struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	AllocationID uuid.UUID `gorm:"type:uuid"`
	SKU          string    `gorm:"column:sku"`
	Quantity     int
	UnitCents    int64
	Addon        bool
	CreatedAt    time.Time
}

// CreditRedemption records credit applied to one allocation.
type CreditRedemption struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	AllocationID uuid.UUID `gorm:"type:uuid"`
	MemberID     string
	AmountCents  int64
	CreatedAt    time.Time
}

// Charge statuses.
const (
	ChargePending   = "pending"
	ChargeSucceeded = "succeeded"
	ChargeFailed    = "failed"
	ChargeRefunded  = "refunded"
)

// Charge is the card charge for an allocation.
type Charge struct {
	ID              string    `gorm:"primaryKey"`
	AllocationID    uuid.UUID `gorm:"type:uuid"`
	MemberID        string
	AmountCents     int64
	Currency        string
	Status          string
	PaymentIntentID *string
	FailureCode     *string
	RefundedCents   int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Refund is a refund issued against a charge.
type Refund struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ChargeID       string
	StripeRefundID string
	AmountCents    int64
	Reason         string
	RequestedBy    string
	CreatedAt      time.Time
}

// WebhookEvent marks a provider event as received.
type WebhookEvent struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

// Gift statuses.
const (
	GiftPendingPayment = "pending_payment"
	GiftPaid           = "paid"
	GiftScheduled      = "scheduled"
	GiftActive         = "active"
	GiftRedeemed       = "redeemed"
)

// GiftMembership is a prepaid membership bought for someone else.
type GiftMembership struct {
	ID              string `gorm:"primaryKey"`
	OrderRef        string
	Code            string
	PurchaserName   string
	PurchaserEmail  string
	PurchaserPhone  string
	RecipientName   string
	RecipientEmail  string
	Tier            string
	Quarters        int
	AmountCents     int64
	Status          string
	PaymentIntentID *string
	StartDate       time.Time `gorm:"type:date"`
	RedeemedMember  *string
	RedeemedAt      *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Shipment statuses.
const (
	ShipmentAwaitingLabel = "awaiting_label"
	ShipmentLabelled      = "labelled"
	ShipmentPickupBooked  = "pickup_booked"
	ShipmentInTransit     = "in_transit"
	ShipmentDelivered     = "delivered"
	ShipmentReturned      = "returned"
	ShipmentException     = "exception"
)

// Shipment is the physical parcel for an allocation.
type Shipment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	AllocationID   uuid.UUID `gorm:"type:uuid"`
	MemberID       string
	Status         string
	Carrier        *string
	ServiceLevel   *string
	LabelID        *string
	LabelStatus    *string
	TrackingNumber *string
	LabelURL       *string
	LabelCostCents *int64
	PickupID       *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// ReturnLabel is a prepaid return label for a shipment.
type ReturnLabel struct {
	ShipmentID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	LabelID        string
	TrackingNumber string
	LabelURL       string
	Reason         string
	CreatedAt      time.Time
}

// LabelStatusHistory is one status a label passed through.
type LabelStatusHistory struct {
	LabelID    string `gorm:"primaryKey"`
	Status     string `gorm:"primaryKey"`
	OccurredAt time.Time
}

// TableName implements gorm's tabler.
func (LabelStatusHistory) TableName() string { return "label_status_history" }

// TrackingEvent is a carrier scan.
type TrackingEvent struct {
	ID          string    `gorm:"primaryKey"`
	ShipmentID  uuid.UUID `gorm:"type:uuid"`
	Status      string
	Description string
	Location    string
	OccurredAt  time.Time
	CreatedAt   time.Time
}

// ShipmentDelivery is the proof of delivery for a shipment.
type ShipmentDelivery struct {
	ShipmentID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeliveredAt    time.Time
	SignedBy       string
	AdultSignature bool
	CreatedAt      time.Time
}

// RestockEntry is a bottle returned to inventory.
type RestockEntry struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	ShipmentID uuid.UUID `gorm:"type:uuid"`
	SKU        string    `gorm:"column:sku"`
	Quantity   int
	CreatedAt  time.Time
}

// ProcessedMessage marks a consumed message.
type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// Compliance submission statuses.
const (
	SubmissionPending   = "pending"
	SubmissionSubmitted = "submitted"
	SubmissionRejected  = "rejected"
)

// ComplianceSubmission is one monthly report to a state regulator.
type ComplianceSubmission struct {
	ID          string `gorm:"primaryKey"`
	State       string
	Period      string
	Reference   string
	Status      string
	FilingID    *string
	Shipments   int
	Bottles     int
	Liters      float64
	SubmittedBy string
	SubmittedAt *time.Time
	CreatedAt   time.Time
}

// OutboxMessage is an event waiting to be relayed to Kafka.
type OutboxMessage struct {
	ID          string `gorm:"primaryKey"`
	Topic       string
	MessageKey  string
	EventType   string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

// TableName implements gorm's tabler.
func (OutboxMessage) TableName() string { return "outbox" }
