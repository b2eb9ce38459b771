// Package domain holds the marketplace's core types and the small amount of
// business logic that does not need storage or providers.
package domain

import (
	"database/sql"
	"errors"
	"time"
)

// Errors shared across services and mapped to HTTP status codes by the API.
var (
	ErrNotFound         = errors.New("not found")
	ErrConflict         = errors.New("conflict")
	ErrForbidden        = errors.New("forbidden")
	ErrInvalidState     = errors.New("invalid state")
	ErrDatesUnavailable = errors.New("dates unavailable")
	ErrAlreadyCancelled = errors.New("booking already cancelled")
	ErrKYCRequired      = errors.New("identity verification required")
)

// User is a renter, an owner, or both.
type User struct {
	ID               string         `db:"id"`
	Email            string         `db:"email"`
	Phone            sql.NullString `db:"phone"`
	DisplayName      string         `db:"display_name"`
	KYCStatus        string         `db:"kyc_status"`
	StripeCustomerID sql.NullString `db:"stripe_customer_id"`
	StripeAccountID  sql.NullString `db:"stripe_account_id"`
	PayoutsEnabled   bool           `db:"payouts_enabled"`
	CreatedAt        time.Time      `db:"created_at"`
}

// KYC statuses.
const (
	KYCNone     = "none"
	KYCPending  = "pending"
	KYCApproved = "approved"
	KYCRejected = "rejected"
)

// Listing is a piece of equipment offered for rent.
type Listing struct {
	ID             string    `db:"id"`
	OwnerID        string    `db:"owner_id"`
	Title          string    `db:"title"`
	Description    string    `db:"description"`
	Category       string    `db:"category"`
	DailyRateCents int64     `db:"daily_rate_cents"`
	DepositCents   int64     `db:"deposit_cents"`
	Currency       string    `db:"currency"`
	Status         string    `db:"status"`
	CreatedAt      time.Time `db:"created_at"`
}

// Listing statuses.
const (
	ListingPendingKYC = "pending_kyc"
	ListingActive     = "active"
	ListingPaused     = "paused"
)

// Hold reserves one calendar day of a listing for a booking request.
type Hold struct {
	ID        string    `db:"id"`
	ListingID string    `db:"listing_id"`
	Day       time.Time `db:"day"`
	BookingID string    `db:"booking_id"`
	ExpiresAt time.Time `db:"expires_at"`
	CreatedAt time.Time `db:"created_at"`
}

// Booking is a rental request; it becomes a confirmed booking when the
// owner accepts it.
type Booking struct {
	ID                string         `db:"id"`
	ListingID         string         `db:"listing_id"`
	RenterID          string         `db:"renter_id"`
	OwnerID           string         `db:"owner_id"`
	StartDay          time.Time      `db:"start_day"`
	EndDay            time.Time      `db:"end_day"`
	Status            string         `db:"status"`
	RentalCents       int64          `db:"rental_cents"`
	FeeCents          int64          `db:"fee_cents"`
	DepositCents      int64          `db:"deposit_cents"`
	Currency          string         `db:"currency"`
	PaymentIntentID   sql.NullString `db:"payment_intent_id"`
	PaymentMethodID   string         `db:"payment_method_id"`
	Note              string         `db:"note"`
	ReminderSentAt    sql.NullTime   `db:"reminder_sent_at"`
	CancelledAt       sql.NullTime   `db:"cancelled_at"`
	CancellationActor sql.NullString `db:"cancellation_actor"`
	CreatedAt         time.Time      `db:"created_at"`
	UpdatedAt         time.Time      `db:"updated_at"`
}

// Booking statuses.
const (
	BookingRequested = "requested"
	BookingConfirmed = "confirmed"
	BookingDeclined  = "declined"
	BookingCancelled = "cancelled"
	BookingCompleted = "completed"
)

// Days returns the number of rental days, inclusive of both ends.
func (b Booking) Days() int {
	return int(b.EndDay.Sub(b.StartDay).Hours()/24) + 1
}

// Deposit is the security deposit authorised against the renter's card
// when a booking is confirmed.
type Deposit struct {
	ID              string         `db:"id"`
	BookingID       string         `db:"booking_id"`
	AmountCents     int64          `db:"amount_cents"`
	CapturedCents   int64          `db:"captured_cents"`
	Currency        string         `db:"currency"`
	Status          string         `db:"status"`
	PaymentIntentID sql.NullString `db:"payment_intent_id"`
	CreatedAt       time.Time      `db:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at"`
}

// Deposit statuses.
const (
	DepositPending    = "pending"
	DepositAuthorized = "authorized"
	DepositCaptured   = "captured"
	DepositReleased   = "released"
	DepositFailed     = "failed"
)

// DepositCapture records one (partial) capture of a deposit against a claim.
type DepositCapture struct {
	ID          string         `db:"id"`
	DepositID   string         `db:"deposit_id"`
	ClaimID     string         `db:"claim_id"`
	AmountCents int64          `db:"amount_cents"`
	Status      string         `db:"status"`
	StripeRef   sql.NullString `db:"stripe_ref"`
	CreatedAt   time.Time      `db:"created_at"`
}

// Claim is an owner's damage claim against a booking.
type Claim struct {
	ID             string         `db:"id"`
	BookingID      string         `db:"booking_id"`
	FiledBy        string         `db:"filed_by"`
	AmountCents    int64          `db:"amount_cents"`
	Description    string         `db:"description"`
	Status         string         `db:"status"`
	AwardedCents   int64          `db:"awarded_cents"`
	ResolutionNote sql.NullString `db:"resolution_note"`
	ReviewerID     sql.NullString `db:"reviewer_id"`
	CreatedAt      time.Time      `db:"created_at"`
	ResolvedAt     sql.NullTime   `db:"resolved_at"`
}

// Claim statuses.
const (
	ClaimOpen        = "open"
	ClaimUnderReview = "under_review"
	ClaimResolved    = "resolved"
	ClaimRejected    = "rejected"
)

// ClaimReview assigns a claim to a trust & safety reviewer.
type ClaimReview struct {
	ID         string    `db:"id"`
	ClaimID    string    `db:"claim_id"`
	ReviewerID string    `db:"reviewer_id"`
	DueAt      time.Time `db:"due_at"`
	CreatedAt  time.Time `db:"created_at"`
}

// LedgerEntry is one line of the marketplace's money ledger.
type LedgerEntry struct {
	ID          string    `db:"id"`
	BookingID   string    `db:"booking_id"`
	Account     string    `db:"account"`
	Kind        string    `db:"kind"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	Reference   string    `db:"reference"`
	CreatedAt   time.Time `db:"created_at"`
}

// Refund records money returned to the renter.
type Refund struct {
	ID             string    `db:"id"`
	BookingID      string    `db:"booking_id"`
	AmountCents    int64     `db:"amount_cents"`
	Currency       string    `db:"currency"`
	StripeRefundID string    `db:"stripe_refund_id"`
	Reason         string    `db:"reason"`
	CreatedAt      time.Time `db:"created_at"`
}

// Payout is the owner's share of a completed booking.
type Payout struct {
	ID               string         `db:"id"`
	BookingID        string         `db:"booking_id"`
	OwnerID          string         `db:"owner_id"`
	AmountCents      int64          `db:"amount_cents"`
	Currency         string         `db:"currency"`
	Status           string         `db:"status"`
	StripeTransferID sql.NullString `db:"stripe_transfer_id"`
	CreatedAt        time.Time      `db:"created_at"`
	UpdatedAt        time.Time      `db:"updated_at"`
}

// Payout statuses.
const (
	PayoutPending    = "pending"
	PayoutProcessing = "processing"
	PayoutPaid       = "paid"
	PayoutFailed     = "failed"
)

// Delivery is one courier leg: out to the renter or back to the owner.
type Delivery struct {
	ID              string         `db:"id"`
	BookingID       string         `db:"booking_id"`
	Leg             string         `db:"leg"`
	Status          string         `db:"status"`
	ClientReference string         `db:"client_reference"`
	CourierJobID    sql.NullString `db:"courier_job_id"`
	PickupAddress   string         `db:"pickup_address"`
	DropoffAddress  string         `db:"dropoff_address"`
	ScheduledFor    time.Time      `db:"scheduled_for"`
	CreatedAt       time.Time      `db:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at"`
}

// Delivery legs and statuses.
const (
	LegOutbound = "outbound"
	LegReturn   = "return"

	DeliveryPending   = "pending"
	DeliveryScheduled = "scheduled"
	DeliveryInTransit = "in_transit"
	DeliveryDelivered = "delivered"
	DeliveryCancelled = "cancelled"
	DeliveryFailed    = "failed"
)

// DeliveryEvent is a status update pushed by the courier partner.
type DeliveryEvent struct {
	ID             string    `db:"id"`
	DeliveryID     string    `db:"delivery_id"`
	CourierEventID string    `db:"courier_event_id"`
	Status         string    `db:"status"`
	OccurredAt     time.Time `db:"occurred_at"`
	ReceivedAt     time.Time `db:"received_at"`
}

// KYCVerification is one identity verification session with the vendor.
type KYCVerification struct {
	ID              string    `db:"id"`
	UserID          string    `db:"user_id"`
	VendorSessionID string    `db:"vendor_session_id"`
	Status          string    `db:"status"`
	RedirectURL     string    `db:"redirect_url"`
	CreatedAt       time.Time `db:"created_at"`
}

// KYCResult is the vendor's final decision for a check.
type KYCResult struct {
	VendorCheckID   string    `db:"vendor_check_id"`
	VendorSessionID string    `db:"vendor_session_id"`
	UserID          string    `db:"user_id"`
	Outcome         string    `db:"outcome"`
	ReceivedAt      time.Time `db:"received_at"`
}
