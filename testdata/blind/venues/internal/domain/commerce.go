package domain

import (
	"time"

	"github.com/google/uuid"
)

type VendorKind string

const (
	VendorCatering VendorKind = "catering"
	VendorDecor    VendorKind = "decor"
	VendorFlorist  VendorKind = "florist"
	VendorAV       VendorKind = "av"
	VendorOther    VendorKind = "other"
)

type Vendor struct {
	ID           uuid.UUID  `db:"id" json:"id"`
	Name         string     `db:"name" json:"name"`
	Kind         VendorKind `db:"kind" json:"kind"`
	AccountRef   string     `db:"account_ref" json:"-"`
	CallbackKey  string     `db:"callback_key" json:"-"`
	ContactEmail string     `db:"contact_email" json:"contact_email"`
	Active       bool       `db:"active" json:"active"`
}

type Package struct {
	ID         uuid.UUID  `db:"id" json:"id"`
	VendorID   uuid.UUID  `db:"vendor_id" json:"vendor_id"`
	VenueID    uuid.UUID  `db:"venue_id" json:"venue_id"`
	SKU        string     `db:"sku" json:"sku"`
	Name       string     `db:"name" json:"name"`
	Kind       VendorKind `db:"kind" json:"kind"`
	PriceCents int64      `db:"price_cents" json:"price_cents"`
	PerGuest   bool       `db:"per_guest" json:"per_guest"`
	Active     bool       `db:"active" json:"active"`
}

// BookingPackage is a package line on a booking.
type BookingPackage struct {
	ID             uuid.UUID `db:"id" json:"id"`
	BookingID      uuid.UUID `db:"booking_id" json:"booking_id"`
	PackageID      uuid.UUID `db:"package_id" json:"package_id"`
	VendorID       uuid.UUID `db:"vendor_id" json:"vendor_id"`
	Quantity       int       `db:"quantity" json:"quantity"`
	UnitPriceCents int64     `db:"unit_price_cents" json:"unit_price_cents"`
	LineTotalCents int64     `db:"line_total_cents" json:"line_total_cents"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// OrderLine is a booking package joined with what the vendor needs to see.
type OrderLine struct {
	BookingPackage
	PackageName string `db:"package_name"`
	SKU         string `db:"sku"`
}

type POStatus string

const (
	POSent      POStatus = "sent"
	POConfirmed POStatus = "confirmed"
	PORejected  POStatus = "rejected"
	POCancelled POStatus = "cancelled"
)

type PurchaseOrder struct {
	ID                  uuid.UUID  `db:"id" json:"id"`
	BookingPackageID    uuid.UUID  `db:"booking_package_id" json:"booking_package_id"`
	VendorID            uuid.UUID  `db:"vendor_id" json:"vendor_id"`
	PONumber            string     `db:"po_number" json:"po_number"`
	Status              POStatus   `db:"status" json:"status"`
	OrderedTotalCents   int64      `db:"ordered_total_cents" json:"ordered_total_cents"`
	ConfirmedTotalCents *int64     `db:"confirmed_total_cents" json:"confirmed_total_cents,omitempty"`
	SentAt              time.Time  `db:"sent_at" json:"sent_at"`
	ConfirmedAt         *time.Time `db:"confirmed_at" json:"confirmed_at,omitempty"`
}

type VendorPayable struct {
	ID              uuid.UUID `db:"id"`
	PurchaseOrderID uuid.UUID `db:"purchase_order_id"`
	AmountCents     int64     `db:"amount_cents"`
	ConfirmationRef string    `db:"confirmation_ref"`
	DueDate         time.Time `db:"due_date"`
	CreatedAt       time.Time `db:"created_at"`
}

type InstalmentStatus string

const (
	InstalmentScheduled  InstalmentStatus = "scheduled"
	InstalmentProcessing InstalmentStatus = "processing"
	InstalmentPaid       InstalmentStatus = "paid"
	InstalmentFailed     InstalmentStatus = "failed"
	InstalmentCancelled  InstalmentStatus = "cancelled"
)

type Instalment struct {
	ID               uuid.UUID        `db:"id" json:"id"`
	BookingID        uuid.UUID        `db:"booking_id" json:"booking_id"`
	Seq              int              `db:"seq" json:"seq"`
	DueDate          time.Time        `db:"due_date" json:"due_date"`
	AmountCents      int64            `db:"amount_cents" json:"amount_cents"`
	Status           InstalmentStatus `db:"status" json:"status"`
	FailureCount     int              `db:"failure_count" json:"failure_count"`
	ProviderChargeID *string          `db:"provider_charge_id" json:"-"`
	PaidAt           *time.Time       `db:"paid_at" json:"paid_at,omitempty"`
	CreatedAt        time.Time        `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time        `db:"updated_at" json:"updated_at"`
}

// Chargeable reports whether the worker may attempt to collect the instalment.
func (i Instalment) Chargeable() bool {
	return i.Status == InstalmentScheduled || i.Status == InstalmentFailed
}

type PaymentSource string

const (
	SourceDeposit    PaymentSource = "deposit"
	SourceInstalment PaymentSource = "instalment"
	SourceManual     PaymentSource = "manual"
)

type Payment struct {
	ID               uuid.UUID     `db:"id" json:"id"`
	BookingID        uuid.UUID     `db:"booking_id" json:"booking_id"`
	InstalmentID     *uuid.UUID    `db:"instalment_id" json:"instalment_id,omitempty"`
	Source           PaymentSource `db:"source" json:"source"`
	AmountCents      int64         `db:"amount_cents" json:"amount_cents"`
	ProviderChargeID string        `db:"provider_charge_id" json:"provider_charge_id"`
	CreatedAt        time.Time     `db:"created_at" json:"created_at"`
}

type ChargeAttempt struct {
	ID           uuid.UUID `db:"id"`
	InstalmentID uuid.UUID `db:"instalment_id"`
	Attempt      int       `db:"attempt"`
	Outcome      string    `db:"outcome"`
	Detail       string    `db:"detail"`
	CreatedAt    time.Time `db:"created_at"`
}

type CardTransaction struct {
	ProviderChargeID string     `db:"provider_charge_id"`
	BookingID        *uuid.UUID `db:"booking_id"`
	AmountCents      int64      `db:"amount_cents"`
	Currency         string     `db:"currency"`
	CapturedAt       time.Time  `db:"captured_at"`
}

type PaymentFailure struct {
	ID              uuid.UUID `db:"id"`
	ProviderEventID string    `db:"provider_event_id"`
	InstalmentID    uuid.UUID `db:"instalment_id"`
	Reason          string    `db:"reason"`
	CreatedAt       time.Time `db:"created_at"`
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSubmitted RefundStatus = "submitted"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID               uuid.UUID    `db:"id" json:"id"`
	BookingID        uuid.UUID    `db:"booking_id" json:"booking_id"`
	AmountCents      int64        `db:"amount_cents" json:"amount_cents"`
	Status           RefundStatus `db:"status" json:"status"`
	ProviderRefundID *string      `db:"provider_refund_id" json:"-"`
	CreatedAt        time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time    `db:"updated_at" json:"updated_at"`
}

type LedgerKind string

const (
	LedgerCharge     LedgerKind = "charge"
	LedgerRefund     LedgerKind = "refund"
	LedgerAdjustment LedgerKind = "adjustment"
)

type LedgerEntry struct {
	ID          uuid.UUID  `db:"id"`
	BookingID   uuid.UUID  `db:"booking_id"`
	Kind        LedgerKind `db:"kind"`
	AmountCents int64      `db:"amount_cents"`
	Reference   string     `db:"reference"`
	CreatedAt   time.Time  `db:"created_at"`
}

// IdempotencyRecord is a stored API response, replayed when a client repeats
// a request with the same Idempotency-Key.
type IdempotencyRecord struct {
	Scope          string     `db:"scope"`
	Key            string     `db:"key"`
	RequestHash    string     `db:"request_hash"`
	ResourceID     *uuid.UUID `db:"resource_id"`
	ResponseStatus *int       `db:"response_status"`
	ResponseBody   []byte     `db:"response_body"`
	CreatedAt      time.Time  `db:"created_at"`
}

type ContractKind string

const (
	ContractMain     ContractKind = "main"
	ContractAddendum ContractKind = "addendum"
)

type ContractStatus string

const (
	ContractSent     ContractStatus = "sent"
	ContractSigned   ContractStatus = "signed"
	ContractDeclined ContractStatus = "declined"
	ContractVoided   ContractStatus = "voided"
	ContractExpired  ContractStatus = "expired"
)

type Contract struct {
	ID         uuid.UUID      `db:"id" json:"id"`
	BookingID  uuid.UUID      `db:"booking_id" json:"booking_id"`
	Kind       ContractKind   `db:"kind" json:"kind"`
	EnvelopeID string         `db:"envelope_id" json:"envelope_id"`
	Status     ContractStatus `db:"status" json:"status"`
	Summary    string         `db:"summary" json:"summary,omitempty"`
	SentAt     time.Time      `db:"sent_at" json:"sent_at"`
	SignedAt   *time.Time     `db:"signed_at" json:"signed_at,omitempty"`
	ExpiresAt  time.Time      `db:"expires_at" json:"expires_at"`
}

type ContractEvent struct {
	ProviderEventID string    `db:"provider_event_id"`
	EnvelopeID      string    `db:"envelope_id"`
	EventType       string    `db:"event_type"`
	OccurredAt      time.Time `db:"occurred_at"`
	ReceivedAt      time.Time `db:"received_at"`
}

type ReminderKind string

const (
	ReminderInstalmentDue    ReminderKind = "instalment_due"
	ReminderContractUnsigned ReminderKind = "contract_unsigned"
	ReminderFinalHeadcount   ReminderKind = "final_headcount"
)

type Reminder struct {
	ID        uuid.UUID    `db:"id"`
	BookingID uuid.UUID    `db:"booking_id"`
	Kind      ReminderKind `db:"kind"`
	DueAt     time.Time    `db:"due_at"`
	SentAt    *time.Time   `db:"sent_at"`
	MessageID *string      `db:"message_id"`
}
