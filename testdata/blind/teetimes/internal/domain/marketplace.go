package domain

import "time"

const (
	ContractorCaddie = "caddie"
	ContractorCoach  = "coach"

	SessionRequested = "requested"
	SessionConfirmed = "confirmed"
	SessionCompleted = "completed"
	SessionCancelled = "cancelled"

	PayoutPending = "pending"
	PayoutPaid    = "paid"
)

// Contractor is a caddie or teaching professional who sells time through
// the marketplace and is paid out through Stripe Connect.
type Contractor struct {
	ID              string `gorm:"primaryKey"`
	Kind            string
	FullName        string
	Email           string
	Phone           string
	StripeAccountID string
	HourlyRateCents int64
	CommissionBps   int64
	Active          bool
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Contractor) TableName() string { return "contractors" }

// CoachSession is a member's booking of a contractor's time.
type CoachSession struct {
	ID              string `gorm:"primaryKey"`
	ContractorID    string
	MemberID        string
	BookingID       *string
	StartsAt        time.Time
	DurationMinutes int
	PriceCents      int64
	Currency        string
	Status          string
	PaymentIntentID *string
	CompletedAt     *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (CoachSession) TableName() string { return "coach_sessions" }

// ContractorPayout is what the club owes a contractor for a session.
type ContractorPayout struct {
	ID           string `gorm:"primaryKey"`
	SessionID    string
	ContractorID string
	AmountCents  int64
	Currency     string
	Status       string
	TransferID   *string
	PaidAt       *time.Time
	CreatedAt    time.Time
}

func (ContractorPayout) TableName() string { return "contractor_payouts" }
