// Package domain holds the types shared by ferrydesk's services, stores and
// transports. It has no behaviour beyond small helpers on the types.
package domain

import (
	"time"

	"github.com/google/uuid"
)

// BookingStatus is the lifecycle state of a booking.
type BookingStatus string

const (
	BookingHeld      BookingStatus = "held"
	BookingConfirmed BookingStatus = "confirmed"
	BookingCancelled BookingStatus = "cancelled"
	BookingExpired   BookingStatus = "expired"
	BookingRefunded  BookingStatus = "refunded"
)

// SailingStatus is the operational state of a sailing.
type SailingStatus string

const (
	SailingScheduled SailingStatus = "scheduled"
	SailingBoarding  SailingStatus = "boarding"
	SailingDeparted  SailingStatus = "departed"
	SailingCancelled SailingStatus = "cancelled"
)

// ManifestStatus tracks whether the port authority has our manifest.
const (
	ManifestPending   = "pending"
	ManifestSubmitted = "submitted"
)

// Port is a terminal we sail from or to.
type Port struct {
	Code          string `db:"code"`
	Name          string `db:"name"`
	AuthorityCode string `db:"authority_code"`
	Timezone      string `db:"timezone"`
}

// Vessel is a ship in the fleet.
type Vessel struct {
	ID                uuid.UUID `db:"id"`
	Name              string    `db:"name"`
	IMONumber         string    `db:"imo_number"`
	PassengerCapacity int       `db:"passenger_capacity"`
	LaneCM            int       `db:"lane_cm"`
	UpdatedAt         time.Time `db:"updated_at"`
}

// Sailing is one departure of a vessel on a route.
type Sailing struct {
	ID              uuid.UUID
	VesselID        uuid.UUID
	OriginPort      string
	DestinationPort string
	DepartsAt       time.Time
	ArrivesAt       time.Time
	Status          SailingStatus
	SeatsRemaining  int
	LaneCMRemaining int
	ManifestStatus  string
	ManifestVersion int
	CancelReason    *string
}

// Booking is a reservation for one or more passengers, and optionally
// vehicles, on a single sailing.
type Booking struct {
	ID                 uuid.UUID
	Reference          string
	SailingID          uuid.UUID
	MemberID           *uuid.UUID
	ContactEmail       string
	ContactPhone       string
	Status             BookingStatus
	TotalCents         int64
	AmountPaidCents    int64
	DiscountCents      int64
	Currency           string
	IdempotencyKey     string
	HoldExpiresAt      time.Time
	ConfirmationSentAt *time.Time
	CreatedAt          time.Time
}

// Outstanding is what is still owed on the booking.
func (b Booking) Outstanding() int64 {
	due := b.TotalCents - b.DiscountCents - b.AmountPaidCents
	if due < 0 {
		return 0
	}
	return due
}

// FareClass is the passenger fare category.
type FareClass string

const (
	FareAdult  FareClass = "adult"
	FareChild  FareClass = "child"
	FareInfant FareClass = "infant"
	FareSenior FareClass = "senior"
)

// Passenger is a traveller on a booking.
type Passenger struct {
	ID             uuid.UUID
	BookingID      uuid.UUID
	FullName       string
	DateOfBirth    time.Time
	Nationality    string
	DocumentNumber string
	FareClass      FareClass
}

// VehicleReservation is a vehicle-deck allocation on a booking.
type VehicleReservation struct {
	ID           uuid.UUID
	BookingID    uuid.UUID
	SailingID    uuid.UUID
	Registration string
	VehicleType  string
	LengthCM     int
	FareCents    int64
	CreatedAt    time.Time
}

// PaymentStatus is the state of a card payment attempt.
type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
)

// Payment is one card payment attempt against a booking.
type Payment struct {
	ID                    uuid.UUID
	BookingID             uuid.UUID
	AmountCents           int64
	Currency              string
	Status                PaymentStatus
	StripePaymentIntentID *string
	FailureCode           *string
	CreatedAt             time.Time
}

// RefundReason explains why money went back to the customer.
type RefundReason string

const (
	RefundSailingCancelled RefundReason = "sailing_cancelled"
	RefundBookingCancelled RefundReason = "booking_cancelled"
	RefundGoodwill         RefundReason = "goodwill"
)

// RefundStatus is the state of a refund at Stripe.
type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// Refund is money returned against a payment.
type Refund struct {
	ID             uuid.UUID
	BookingID      uuid.UUID
	PaymentID      uuid.UUID
	RequestKey     string
	AmountCents    int64
	Reason         RefundReason
	Note           string
	Status         RefundStatus
	StripeRefundID *string
	CreatedAt      time.Time
}

// LoyaltyMember is a registered customer in the miles scheme.
type LoyaltyMember struct {
	ID        uuid.UUID `db:"id"`
	Email     string    `db:"email"`
	Phone     *string   `db:"phone"`
	FullName  string    `db:"full_name"`
	Tier      string    `db:"tier"`
	CreatedAt time.Time `db:"created_at"`
}

// LoyaltyAccount is a member's miles balance.
type LoyaltyAccount struct {
	MemberID      uuid.UUID
	BalanceMiles  int64
	LifetimeMiles int64
	UpdatedAt     time.Time
}

// LedgerReason classifies a miles movement.
type LedgerReason string

const (
	LedgerAccrual    LedgerReason = "accrual"
	LedgerRedemption LedgerReason = "redemption"
	LedgerReversal   LedgerReason = "reversal"
	LedgerAdjustment LedgerReason = "adjustment"
)

// LedgerEntry is one movement of miles on a member's account.
type LedgerEntry struct {
	ID         uuid.UUID
	MemberID   uuid.UUID
	BookingID  *uuid.UUID
	DeltaMiles int64
	Reason     LedgerReason
	CreatedAt  time.Time
}

// Redemption records miles spent as a discount on a booking.
type Redemption struct {
	ID            uuid.UUID
	MemberID      uuid.UUID
	BookingID     uuid.UUID
	Miles         int64
	DiscountCents int64
	CreatedAt     time.Time
}

// BoardingPass is issued at check-in and delivered by SMS.
type BoardingPass struct {
	ID          uuid.UUID
	PassengerID uuid.UUID
	SailingID   uuid.UUID
	BookingID   uuid.UUID
	Barcode     string
	Status      string
	SentAt      *time.Time
	IssuedAt    time.Time
}

// ManifestLine is one passenger as the port authority needs to see them.
type ManifestLine struct {
	PassengerID    uuid.UUID
	BookingRef     string
	FullName       string
	DateOfBirth    time.Time
	Nationality    string
	DocumentNumber string
}

// ManifestVehicle is one vehicle on the manifest.
type ManifestVehicle struct {
	BookingRef   string
	Registration string
	VehicleType  string
	LengthCM     int
}

// ManifestSubmission records a manifest accepted by the port authority.
type ManifestSubmission struct {
	ID                 uuid.UUID
	SailingID          uuid.UUID
	Version            int
	AuthorityReference string
	PassengerCount     int
	VehicleCount       int
	SubmittedAt        time.Time
}

// ManifestAmendment records a late change sent after submission.
type ManifestAmendment struct {
	ID                   uuid.UUID
	SailingID            uuid.UUID
	PassengerID          uuid.UUID
	AuthorityReference   string
	AuthorityAmendmentID string
	CreatedAt            time.Time
}

// SettlementTotals are the day's card movements.
type SettlementTotals struct {
	BusinessDate time.Time
	Currency     string
	GrossCents   int64
	RefundsCents int64
	PaymentCount int
	RefundCount  int
}

// NetCents is gross takings less refunds.
func (t SettlementTotals) NetCents() int64 { return t.GrossCents - t.RefundsCents }

// SettlementBatch is a posted day of settlement.
type SettlementBatch struct {
	ID           uuid.UUID
	BusinessDate time.Time
	Totals       SettlementTotals
	JournalID    string
	CreatedAt    time.Time
}

// SettlementRun is an audit record of one execution of the settlement job.
type SettlementRun struct {
	ID           uuid.UUID
	BusinessDate time.Time
	StartedAt    time.Time
	FinishedAt   *time.Time
	Outcome      string
}

// IdempotencyRecord is a stored API response keyed by a client key.
type IdempotencyRecord struct {
	Scope      string
	Key        string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}
