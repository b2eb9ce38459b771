// Package domain holds the core types shared between services and storage.
package domain

import (
	"errors"
	"fmt"
	"time"
)

var (
	ErrNotFound      = errors.New("not found")
	ErrConflict      = errors.New("conflict")
	ErrInvalidState  = errors.New("invalid state")
	ErrUnitTaken     = errors.New("unit not available")
	ErrNoPaymentCard = errors.New("no payment method on file")
)

type UnitStatus string

const (
	UnitVacant      UnitStatus = "vacant"
	UnitOccupied    UnitStatus = "occupied"
	UnitOverlocked  UnitStatus = "overlocked"
	UnitAuction     UnitStatus = "auction"
	UnitCleaning    UnitStatus = "cleaning"
	UnitUnavailable UnitStatus = "unavailable"
)

type RentalStatus string

const (
	RentalActive     RentalStatus = "active"
	RentalDelinquent RentalStatus = "delinquent"
	RentalOverlocked RentalStatus = "overlocked"
	RentalLien       RentalStatus = "lien"
	RentalClosed     RentalStatus = "closed"
)

type Facility struct {
	ID           string `db:"id"`
	Name         string `db:"name"`
	Timezone     string `db:"timezone"`
	GateSiteID   string `db:"gate_site_id"`
	ManagerPhone string `db:"manager_phone"`
}

type Unit struct {
	ID               string     `db:"id"`
	FacilityID       string     `db:"facility_id"`
	Label            string     `db:"label"`
	SizeCode         string     `db:"size_code"`
	MonthlyRateCents int64      `db:"monthly_rate_cents"`
	Status           UnitStatus `db:"status"`
	GateDoorID       *string    `db:"gate_door_id"`
}

type Customer struct {
	ID               string  `db:"id"`
	Email            string  `db:"email"`
	Phone            string  `db:"phone"`
	FullName         string  `db:"full_name"`
	StripeCustomerID *string `db:"stripe_customer_id"`
}

type Rental struct {
	ID               string       `db:"id"`
	UnitID           string       `db:"unit_id"`
	CustomerID       string       `db:"customer_id"`
	ReservationID    *string      `db:"reservation_id"`
	MoveInKey        string       `db:"move_in_key"`
	Status           RentalStatus `db:"status"`
	MonthlyRateCents int64        `db:"monthly_rate_cents"`
	BillDay          int          `db:"bill_day"`
	BalanceCents     int64        `db:"balance_cents"`
	AutopayPMID      *string      `db:"autopay_pm_id"`
	LastAccessAt     *time.Time   `db:"last_access_at"`
	StartedOn        time.Time    `db:"started_on"`
	ClosedOn         *time.Time   `db:"closed_on"`
	CreatedAt        time.Time    `db:"created_at"`
}

// Open reports whether the rental still occupies its unit.
func (r Rental) Open() bool { return r.Status != RentalClosed }

type Invoice struct {
	ID           string     `db:"id"`
	RentalID     string     `db:"rental_id"`
	Period       string     `db:"period"`
	AmountCents  int64      `db:"amount_cents"`
	DueOn        time.Time  `db:"due_on"`
	Status       string     `db:"status"`
	AutopayRound int        `db:"autopay_round"`
	PaidAt       *time.Time `db:"paid_at"`
	CreatedAt    time.Time  `db:"created_at"`
}

type LedgerKind string

const (
	LedgerRent            LedgerKind = "rent"
	LedgerLateFee         LedgerKind = "late_fee"
	LedgerFee             LedgerKind = "fee"
	LedgerPayment         LedgerKind = "payment"
	LedgerCredit          LedgerKind = "credit"
	LedgerRefund          LedgerKind = "refund"
	LedgerInsurance       LedgerKind = "insurance"
	LedgerAuctionProceeds LedgerKind = "auction_proceeds"
)

type LedgerEntry struct {
	ID          string     `db:"id"`
	RentalID    string     `db:"rental_id"`
	Kind        LedgerKind `db:"kind"`
	AmountCents int64      `db:"amount_cents"`
	Period      *string    `db:"period"`
	Ref         *string    `db:"ref"`
	Memo        string     `db:"memo"`
	CreatedAt   time.Time  `db:"created_at"`
}

type PaymentAttempt struct {
	ID          string  `db:"id"`
	InvoiceID   string  `db:"invoice_id"`
	AttemptNo   int     `db:"attempt_no"`
	AmountCents int64   `db:"amount_cents"`
	StripePIID  *string `db:"stripe_pi_id"`
	Status      string  `db:"status"`
	FailureCode *string `db:"failure_code"`
}

type AccessCode struct {
	RentalID   string     `db:"rental_id"`
	UnitID     string     `db:"unit_id"`
	PIN        string     `db:"pin"`
	Version    int        `db:"version"`
	PartnerRef *string    `db:"partner_ref"`
	SyncedAt   *time.Time `db:"synced_at"`
	RevokedAt  *time.Time `db:"revoked_at"`
}

type Overlock struct {
	ID               string     `db:"id"`
	UnitID           string     `db:"unit_id"`
	RentalID         string     `db:"rental_id"`
	Reason           string     `db:"reason"`
	PlacedBy         string     `db:"placed_by"`
	PartnerLockoutID *string    `db:"partner_lockout_id"`
	PlacedAt         time.Time  `db:"placed_at"`
	ReleasedAt       *time.Time `db:"released_at"`
}

type AuctionStatus string

const (
	AuctionScheduled AuctionStatus = "scheduled"
	AuctionNoticed   AuctionStatus = "noticed"
	AuctionSettled   AuctionStatus = "settled"
	AuctionDisbursed AuctionStatus = "disbursed"
	AuctionCancelled AuctionStatus = "cancelled"
)

type Auction struct {
	ID              string        `db:"id"`
	RentalID        string        `db:"rental_id"`
	UnitID          string        `db:"unit_id"`
	Status          AuctionStatus `db:"status"`
	ScheduledFor    time.Time     `db:"scheduled_for"`
	WinningBidCents *int64        `db:"winning_bid_cents"`
	BuyerName       *string       `db:"buyer_name"`
	BuyerEmail      *string       `db:"buyer_email"`
	BuyerPIID       *string       `db:"buyer_pi_id"`
	SettledAt       *time.Time    `db:"settled_at"`
	CreatedAt       time.Time     `db:"created_at"`
}

type Policy struct {
	ID              string     `db:"id"`
	RentalID        string     `db:"rental_id"`
	PlanCode        string     `db:"plan_code"`
	CoverageCents   int64      `db:"coverage_cents"`
	PremiumCents    int64      `db:"premium_cents"`
	InsurerPolicyID *string    `db:"insurer_policy_id"`
	EnrollKey       *string    `db:"enroll_key"`
	Status          string     `db:"status"`
	CreatedAt       time.Time  `db:"created_at"`
	CancelledAt     *time.Time `db:"cancelled_at"`
}

// GateEvent is a normalized event from the gate-controller partner.
type GateEvent struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	SiteID     string    `json:"site_id"`
	DoorID     string    `json:"door_id,omitempty"`
	UnitRef    string    `json:"unit_ref,omitempty"`
	CodeRef    string    `json:"code_ref,omitempty"`
	PINLast4   string    `json:"pin_last4,omitempty"`
	Reason     string    `json:"reason,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Money formats cents for receipts and notices.
func Money(cents int64) string {
	if cents < 0 {
		return fmt.Sprintf("-$%d.%02d", -cents/100, -cents%100)
	}
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}
