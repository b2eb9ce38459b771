package model

import "time"

// Registration statuses.
const (
	RegPendingPayment = "pending_payment"
	RegConfirmed      = "confirmed"
	RegWithdrawn      = "withdrawn"
	RegLapsed         = "lapsed"
	RegCancelled      = "cancelled"
)

// Registration is a candidate's place (or claim to a place) in a session.
type Registration struct {
	ID                 string `gorm:"type:uuid;primaryKey"`
	CandidateID        string `gorm:"type:uuid;not null"`
	SessionID          string `gorm:"type:uuid;not null"`
	Status             string `gorm:"not null"`
	Accommodations     *string
	ConfirmedAt        *time.Time
	ConfirmationSentAt *time.Time
	WithdrawnAt        *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time

	Session   *ExamSession `gorm:"foreignKey:SessionID"`
	Candidate *Candidate   `gorm:"foreignKey:CandidateID"`
}

func (Registration) TableName() string { return "registrations" }

// Hold statuses.
const (
	HoldActive    = "active"
	HoldConverted = "converted"
	HoldExpired   = "expired"
	HoldReleased  = "released"
)

// SeatHold reserves a seat while the candidate pays.
type SeatHold struct {
	ID             string `gorm:"type:uuid;primaryKey"`
	RegistrationID string `gorm:"type:uuid"`
	SessionID      string `gorm:"type:uuid"`
	Status         string
	ExpiresAt      time.Time
	CreatedAt      time.Time
}

func (SeatHold) TableName() string { return "seat_holds" }

// ResitVoucher is credit given when a centre cancels a sitting.
type ResitVoucher struct {
	Code           string `gorm:"primaryKey"`
	CandidateID    string
	RegistrationID string
	AmountMinor    int64
	Currency       string
	ExpiresAt      time.Time
	RedeemedAt     *time.Time
	CreatedAt      time.Time
}

func (ResitVoucher) TableName() string { return "resit_vouchers" }

// AccommodationRequest is a candidate's request for special arrangements.
type AccommodationRequest struct {
	ID             string `gorm:"primaryKey"`
	RegistrationID string `gorm:"type:uuid"`
	Kind           string
	Details        string
	EvidenceURL    *string
	Status         string `gorm:"default:submitted"`
	CreatedAt      time.Time
}

func (AccommodationRequest) TableName() string { return "accommodation_requests" }
