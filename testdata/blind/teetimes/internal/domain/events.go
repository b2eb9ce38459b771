package domain

import "time"

const (
	TournamentOpen     = "open"
	TournamentClosed   = "closed"
	TournamentFinished = "finished"

	EntryPendingPayment = "pending_payment"
	EntryPaid           = "paid"
	EntryWithdrawn      = "withdrawn"

	AwardPending = "pending"
	AwardPaid    = "paid"
	AwardFailed  = "failed"

	RainCheckOpen     = "open"
	RainCheckRedeemed = "redeemed"
	RainCheckExpired  = "expired"
)

// Tournament is a club competition with an entry fee and a prize pool.
type Tournament struct {
	ID             string `gorm:"primaryKey"`
	CourseID       string
	Name           string
	StartsAt       time.Time
	EntryFeeCents  int64
	FieldSize      int
	PrizePoolCents int64
	Currency       string
	Status         string
	CreatedAt      time.Time
}

func (Tournament) TableName() string { return "tournaments" }

// TournamentEntry is one member's place in the field.
type TournamentEntry struct {
	ID              string `gorm:"primaryKey"`
	TournamentID    string
	MemberID        string
	Handicap        float64
	FeeCents        int64
	Status          string
	PaymentIntentID *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (TournamentEntry) TableName() string { return "tournament_entries" }

// PrizeAward is the prize money owed to a finishing position.
type PrizeAward struct {
	ID           string `gorm:"primaryKey"`
	TournamentID string
	Position     int
	MemberID     string
	AmountCents  int64
	Currency     string
	Status       string
	TransferID   *string
	PaidAt       *time.Time
	CreatedAt    time.Time
}

func (PrizeAward) TableName() string { return "prize_awards" }

// TransferAttempt is an append-only log of payout attempts, kept for the
// finance team's reconciliation.
type TransferAttempt struct {
	ID          string `gorm:"primaryKey"`
	SubjectType string
	SubjectID   string
	Attempt     int
	Outcome     string
	Error       string
	TransferID  *string
	CreatedAt   time.Time
}

func (TransferAttempt) TableName() string { return "transfer_attempts" }

// CourseClosure records a course being shut (weather, maintenance) for a day.
type CourseClosure struct {
	ID         string `gorm:"primaryKey"`
	CourseID   string
	PlayDate   time.Time
	ClosedFrom time.Time
	Reason     string
	IssuedAt   *time.Time
	CreatedAt  time.Time
}

func (CourseClosure) TableName() string { return "course_closures" }

// RainCheck is credit given to a booking that could not be played.
type RainCheck struct {
	ID                string `gorm:"primaryKey"`
	BookingID         string
	MemberID          string
	ClosureID         string
	CreditCents       int64
	Status            string
	ExpiresAt         time.Time
	RedeemedBookingID *string
	RedeemedAt        *time.Time
	CreatedAt         time.Time
}

func (RainCheck) TableName() string { return "rain_checks" }
