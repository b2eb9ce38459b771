// Package domain holds the core types shared by the service, storage and
// transport layers of the wholesale distribution service.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Sentinel errors the transport layers map to status codes.
var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrInvalidState      = errors.New("invalid state for operation")
	ErrInsufficientStock = errors.New("insufficient stock")
	ErrKeyReused         = errors.New("idempotency key reused with a different request")
)

// AccountKind distinguishes the type of trade account.
type AccountKind string

const (
	AccountRetailer    AccountKind = "retailer"
	AccountBar         AccountKind = "bar"
	AccountDistributor AccountKind = "distributor"
)

// Account is a wholesale trade account (bottle shop, bar, or distributor).
type Account struct {
	ID                  string
	Name                string
	Kind                AccountKind
	LicenseNumber       string
	State               string
	ACHCustomerID       string
	Autopay             bool
	EDIPartnerID        string
	LoyaltyTier         string
	DeliveryWindowStart string
	DeliveryWindowEnd   string
	DeliveryNotes       string
	CreatedAt           time.Time
}

// Package is a container format.
type Package string

const (
	KegHalf  Package = "keg_half"
	KegSixth Package = "keg_sixth"
	Case24   Package = "case_24"
	Case12   Package = "case_12"
)

// IsKeg reports whether the package carries a keg deposit.
func (p Package) IsKeg() bool { return p == KegHalf || p == KegSixth }

// Product is a sellable SKU.
type Product struct {
	SKU            string
	Name           string
	Package        Package
	UnitPriceCents int64
	DepositCents   int64
	BarrelsPerUnit float64
}

// OrderStatus is the lifecycle state of an order.
type OrderStatus string

const (
	OrderPending        OrderStatus = "pending"
	OrderConfirmed      OrderStatus = "confirmed"
	OrderOutForDelivery OrderStatus = "out_for_delivery"
	OrderDelivered      OrderStatus = "delivered"
	OrderCancelled      OrderStatus = "cancelled"
)

// Order is a keg/case order placed by an account.
type Order struct {
	ID                    uuid.UUID
	AccountID             string
	Source                string
	Status                OrderStatus
	RequestedDeliveryDate time.Time
	SubtotalCents         int64
	DepositCents          int64
	ExternalRef           string
	Lines                 []OrderLine
	CreatedAt             time.Time
	ConfirmedAt           *time.Time
}

// OrderLine is one SKU on an order.
type OrderLine struct {
	LineNo         int
	SKU            string
	Package        Package
	Qty            int
	UnitPriceCents int64
	DepositCents   int64
}

// Route is a day's delivery run out of one depot.
type Route struct {
	ID           uuid.UUID
	Depot        string
	RouteDate    time.Time
	Driver       string
	Truck        string
	Status       string
	DispatchedAt *time.Time
	Stops        []Delivery
}

// Delivery is one stop on a route, delivering one order.
type Delivery struct {
	ID          uuid.UUID
	RouteID     uuid.UUID
	OrderID     uuid.UUID
	StopSeq     int
	Status      string
	DeliveredAt *time.Time
	SignedBy    string
}

// DepositEntry is one row of the keg deposit ledger.
type DepositEntry struct {
	ID             uuid.UUID
	AccountID      string
	Kind           string
	Package        Package
	KegCount       int
	AmountCents    int64
	DeliveryID     *uuid.UUID
	ReturnID       string
	IdempotencyKey string
	Memo           string
}

// KegReturn is a driver pickup of empty kegs from an account.
type KegReturn struct {
	ID         string
	AccountID  string
	PickupRef  string
	Package    Package
	KegCount   int
	PickedUpAt time.Time
}

// KegRefund is the deposit refund owed for a KegReturn.
type KegRefund struct {
	ID               uuid.UUID
	ReturnID         string
	AccountID        string
	AmountCents      int64
	Status           string
	ProviderCreditID string
}

// ExciseFiling is a periodic state excise tax return.
type ExciseFiling struct {
	ID                 uuid.UUID
	State              string
	PeriodStart        time.Time
	PeriodEnd          time.Time
	Barrels            float64
	TaxCents           int64
	Status             string
	ConfirmationNumber string
	SubmittedAt        *time.Time
}

// ExciseAmendment corrects a previously accepted filing.
type ExciseAmendment struct {
	ID            uuid.UUID
	FilingID      uuid.UUID
	Reason        string
	BarrelsDelta  float64
	TaxDeltaCents int64
	PortalRef     string
}

// Invoice bills an account for a delivered order.
type Invoice struct {
	ID                 uuid.UUID
	OrderID            uuid.UUID
	AccountID          string
	Number             string
	EDIControlNumber   int64
	SubtotalCents      int64
	DepositCents       int64
	TotalCents         int64
	AmountPendingCents int64
	AmountPaidCents    int64
	Status             string
	DueDate            time.Time
	SendCount          int
	LastSentAt         *time.Time
	Lines              []InvoiceLine
}

// OpenBalance is what is still owed and not already in flight.
func (i Invoice) OpenBalance() int64 {
	return i.TotalCents - i.AmountPaidCents - i.AmountPendingCents
}

// InvoiceLine is a billed line.
type InvoiceLine struct {
	LineNo         int
	SKU            string
	Description    string
	Qty            int
	UnitPriceCents int64
	DepositCents   int64
}

// Payment is an ACH debit against an invoice.
type Payment struct {
	ID                uuid.UUID
	InvoiceID         uuid.UUID
	AccountID         string
	AmountCents       int64
	Source            string
	IdempotencyKey    string
	Status            string
	ProviderPaymentID string
	ReturnCode        string
}

// CleaningAppointment is a scheduled draft-line cleaning visit.
type CleaningAppointment struct {
	ID           string
	AccountID    string
	TapLines     int
	ScheduledFor time.Time
	Technician   string
	Status       string
	Notes        string
	CompletedAt  *time.Time
}

// RebateAccrual is one month's loyalty rebate accrual for an account.
type RebateAccrual struct {
	ID            string
	AccountID     string
	Period        time.Time
	VolumeBarrels float64
	RateBps       int
	AmountCents   int64
}

// RebateCredit is the quarterly payout of accrued rebates.
type RebateCredit struct {
	ID               uuid.UUID
	AccountID        string
	Quarter          string
	AmountCents      int64
	Status           string
	ProviderCreditID string
}

// OutboundDoc tracks an EDI document we owe a trading partner.
type OutboundDoc struct {
	ID            string
	PartnerID     string
	RefID         string
	DocType       string
	ControlNumber int64
	Status        string
	PartnerRef    string
}
