// Package domain holds the vanpool program's entities and sentinel errors.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Sentinel errors mapped to HTTP status codes by the api package.
var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrVanFull         = errors.New("vanpool is full")
	ErrInvalidState    = errors.New("invalid state for this operation")
	ErrValidation      = errors.New("validation failed")
	ErrNotADriver      = errors.New("member is not a registered driver")
	ErrNoBankAccount   = errors.New("driver has no bank account on file")
	ErrDuplicateSubmit = errors.New("already submitted")
)

// MemberStatus values.
const (
	MemberActive     = "active"
	MemberSuspended  = "suspended"
	MemberOffboarded = "offboarded"
)

// Member is an employee enrolled in the commuter program.
type Member struct {
	ID              uuid.UUID `json:"id"`
	EmployeeID      string    `json:"employee_id"`
	Email           string    `json:"email"`
	FullName        string    `json:"full_name"`
	PhoneE164       string    `json:"phone_e164,omitempty"`
	HomeSite        string    `json:"home_site"`
	PayrollWorkerID string    `json:"payroll_worker_id"`
	IsDriver        bool      `json:"is_driver"`
	Status          string    `json:"status"`
	CreatedAt       time.Time `json:"created_at"`
}

// Vanpool is one van and its route.
type Vanpool struct {
	ID               uuid.UUID   `json:"id"`
	Name             string      `json:"name"`
	Origin           string      `json:"origin"`
	Destination      string      `json:"destination"`
	Capacity         int         `json:"capacity"`
	SeatsTaken       int         `json:"seats_taken"`
	MonthlyFareCents money.Cents `json:"monthly_fare_cents"`
	DriverMemberID   *uuid.UUID  `json:"driver_member_id,omitempty"`
	LeaseID          *uuid.UUID  `json:"lease_id,omitempty"`
	Status           string      `json:"status"`
	CreatedAt        time.Time   `json:"created_at"`
}

// Rider is a member's seat in a vanpool.
type Rider struct {
	ID        uuid.UUID  `json:"id"`
	VanpoolID uuid.UUID  `json:"vanpool_id"`
	MemberID  uuid.UUID  `json:"member_id"`
	Role      string     `json:"role"`
	Status    string     `json:"status"`
	JoinedOn  time.Time  `json:"joined_on"`
	LeftOn    *time.Time `json:"left_on,omitempty"`
}

// Credit statuses.
const (
	CreditOpen    = "open"
	CreditApplied = "applied"
	CreditVoid    = "void"
	CreditExpired = "expired"
)

// Credit sources.
const (
	CreditSourceMissedRide = "missed_ride"
	CreditSourceGoodwill   = "goodwill"
)

// Credit is money owed back to a rider, applied against a future deduction.
type Credit struct {
	ID          uuid.UUID   `json:"id"`
	MemberID    uuid.UUID   `json:"member_id"`
	RiderID     *uuid.UUID  `json:"rider_id,omitempty"`
	Source      string      `json:"source"`
	RideDate    *time.Time  `json:"ride_date,omitempty"`
	Direction   string      `json:"direction,omitempty"`
	AmountCents money.Cents `json:"amount_cents"`
	Note        string      `json:"note,omitempty"`
	Status      string      `json:"status"`
	AppliedTo   *uuid.UUID  `json:"applied_to,omitempty"`
	ExpiresAt   time.Time   `json:"expires_at"`
	CreatedAt   time.Time   `json:"created_at"`
}

// FareRun is one month's payroll deduction run.
type FareRun struct {
	ID          uuid.UUID `json:"id"`
	Period      string    `json:"period"`
	PayDate     time.Time `json:"pay_date"`
	Status      string    `json:"status"`
	RequestedBy string    `json:"requested_by"`
	CreatedAt   time.Time `json:"created_at"`
}

// Deduction statuses.
const (
	DeductionPending   = "pending"
	DeductionSubmitted = "submitted"
	DeductionSettled   = "settled"
	DeductionFailed    = "failed"
	DeductionSkipped   = "skipped"
)

// Deduction is one rider's fare for one period.
type Deduction struct {
	ID                  uuid.UUID   `json:"id"`
	FareRunID           uuid.UUID   `json:"fare_run_id"`
	RiderID             uuid.UUID   `json:"rider_id"`
	MemberID            uuid.UUID   `json:"member_id"`
	Period              string      `json:"period"`
	GrossCents          money.Cents `json:"gross_cents"`
	CreditCents         money.Cents `json:"credit_cents"`
	Status              string      `json:"status"`
	ProviderDeductionID string      `json:"provider_deduction_id,omitempty"`
	FailureReason       string      `json:"failure_reason,omitempty"`
}

// NetCents is what is actually taken from the rider's pay.
func (d Deduction) NetCents() money.Cents { return d.GrossCents - d.CreditCents }

// Adjustment is a payroll credit back to a rider (e.g. left mid-month).
type Adjustment struct {
	ID                   uuid.UUID   `json:"id"`
	RiderID              uuid.UUID   `json:"rider_id"`
	MemberID             uuid.UUID   `json:"member_id"`
	Period               string      `json:"period"`
	AmountCents          money.Cents `json:"amount_cents"`
	Reason               string      `json:"reason"`
	Status               string      `json:"status"`
	ProviderAdjustmentID string      `json:"provider_adjustment_id,omitempty"`
}

// Lease is a van lease contract with the leasing company.
type Lease struct {
	ID                 uuid.UUID   `json:"id"`
	ContractNumber     string      `json:"contract_number"`
	VanpoolID          *uuid.UUID  `json:"vanpool_id,omitempty"`
	VIN                string      `json:"vin"`
	MonthlyAmountCents money.Cents `json:"monthly_amount_cents"`
	StartsOn           time.Time   `json:"starts_on"`
	EndsOn             time.Time   `json:"ends_on"`
	Status             string      `json:"status"`
}

// LeasePayment is one installment on a lease.
type LeasePayment struct {
	ID                uuid.UUID   `json:"id"`
	LeaseID           uuid.UUID   `json:"lease_id"`
	Period            string      `json:"period"`
	AmountCents       money.Cents `json:"amount_cents"`
	Status            string      `json:"status"`
	ProviderPaymentID string      `json:"provider_payment_id,omitempty"`
	InitiatedBy       string      `json:"initiated_by"`
	PaidAt            *time.Time  `json:"paid_at,omitempty"`
}

// FuelAuthorization is a real-time authorization on a van's fuel card.
type FuelAuthorization struct {
	ID              uuid.UUID
	ProcessorAuthID string
	CardToken       string
	VanpoolID       uuid.UUID
	AmountCents     money.Cents
	MerchantName    string
	AuthorizedAt    time.Time
}

// FuelDecline is a declined authorization attempt.
type FuelDecline struct {
	ProcessorEventID string
	CardToken        string
	VanpoolID        uuid.UUID
	AmountCents      money.Cents
	ReasonCode       string
	DeclinedAt       time.Time
}

// FuelTransaction is a settled fuel purchase from the processor's settlement file.
type FuelTransaction struct {
	ProcessorTxnID string
	CardToken      string
	VanpoolID      uuid.UUID
	SettlementID   string
	GallonsMilli   int64
	AmountCents    money.Cents
	Odometer       *int
	MerchantName   string
	SettledAt      time.Time
}

// FuelCard is a card assigned to a van.
type FuelCard struct {
	CardToken      string     `json:"card_token"`
	VanpoolID      uuid.UUID  `json:"vanpool_id"`
	DriverMemberID *uuid.UUID `json:"driver_member_id,omitempty"`
	Last4          string     `json:"last4"`
	Status         string     `json:"status"`
}

// Claim statuses.
const (
	ClaimSubmitted = "submitted"
	ClaimApproved  = "approved"
	ClaimRejected  = "rejected"
	ClaimPaid      = "paid"
)

// ReimbursementClaim is a driver's out-of-pocket expense (tolls, washes, parking).
type ReimbursementClaim struct {
	ID             uuid.UUID   `json:"id"`
	DriverMemberID uuid.UUID   `json:"driver_member_id"`
	VanpoolID      uuid.UUID   `json:"vanpool_id"`
	Category       string      `json:"category"`
	AmountCents    money.Cents `json:"amount_cents"`
	IncurredOn     time.Time   `json:"incurred_on"`
	ReceiptURL     string      `json:"receipt_url,omitempty"`
	Description    string      `json:"description"`
	Status         string      `json:"status"`
	ApprovedBy     string      `json:"approved_by,omitempty"`
	CreatedAt      time.Time   `json:"created_at"`
}

// Payout is the ACH transfer for an approved claim.
type Payout struct {
	ID                 uuid.UUID   `json:"id"`
	ClaimID            uuid.UUID   `json:"claim_id"`
	AmountCents        money.Cents `json:"amount_cents"`
	Status             string      `json:"status"`
	ProviderTransferID string      `json:"provider_transfer_id,omitempty"`
}

// BankAccount is a driver's tokenized payout account.
type BankAccount struct {
	DriverMemberID uuid.UUID `json:"driver_member_id"`
	AccountHolder  string    `json:"account_holder"`
	RoutingNumber  string    `json:"routing_number"`
	AccountLast4   string    `json:"account_last4"`
	AccountToken   string    `json:"-"`
}

// Broadcast is a coordinator's ad-hoc SMS to a van.
type Broadcast struct {
	ID         uuid.UUID `json:"id"`
	VanpoolID  uuid.UUID `json:"vanpool_id"`
	SentBy     string    `json:"sent_by"`
	Body       string    `json:"body"`
	Recipients int       `json:"recipients"`
	Failed     int       `json:"failed"`
}

// Recipient is someone to text about a van.
type Recipient struct {
	MemberID  uuid.UUID
	FullName  string
	PhoneE164 string
}
