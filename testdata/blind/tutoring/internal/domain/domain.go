// Package domain holds the marketplace's core types.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Lesson statuses.
const (
	LessonBooked    = "booked"
	LessonCompleted = "completed"
	LessonCancelled = "cancelled"
	LessonNoShow    = "no_show"
)

// Purchase statuses.
const (
	PurchasePending        = "pending"
	PurchaseRequiresAction = "requires_action"
	PurchaseSucceeded      = "succeeded"
	PurchaseFailed         = "failed"
	PurchaseExpired        = "expired"
)

// Tutor statuses.
const (
	TutorPendingVerification = "pending_verification"
	TutorActive              = "active"
	TutorRejected            = "rejected"
	TutorSuspended           = "suspended"
)

var (
	ErrSlotUnavailable    = errors.New("slot is not available")
	ErrInsufficientCredit = errors.New("insufficient lesson credits")
	ErrNotCancellable     = errors.New("lesson can no longer be cancelled")
	ErrForbidden          = errors.New("forbidden")
	ErrInvalidArgument    = errors.New("invalid argument")
	ErrConflict           = errors.New("conflict")
)

type Student struct {
	ID                   uuid.UUID
	Email                string
	Phone                string
	FullName             string
	StripeCustomerID     string
	DefaultPaymentMethod string
	PartnerSchoolID      *uuid.UUID
	CreatedAt            time.Time
}

type Tutor struct {
	ID               uuid.UUID
	Email            string
	Phone            string
	DisplayName      string
	Country          string
	Status           string
	StripeAccountID  string
	PayoutsEnabled   bool
	HourlyRateCents  int64
	RecordingEnabled bool
	VerifiedAt       *time.Time
}

type Lesson struct {
	ID          uuid.UUID  `json:"id"`
	StudentID   uuid.UUID  `json:"student_id"`
	TutorID     uuid.UUID  `json:"tutor_id"`
	PurchaseID  *uuid.UUID `json:"purchase_id,omitempty"`
	StartsAt    time.Time  `json:"starts_at"`
	DurationMin int        `json:"duration_min"`
	Credits     int        `json:"credits"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"created_at"`
}

// EndsAt is the scheduled end of the lesson.
func (l Lesson) EndsAt() time.Time {
	return l.StartsAt.Add(time.Duration(l.DurationMin) * time.Minute)
}

type Package struct {
	ID         string
	Name       string
	Credits    int
	PriceCents int64
	Currency   string
	ValidDays  int
}

type Purchase struct {
	ID              uuid.UUID  `json:"id"`
	StudentID       uuid.UUID  `json:"student_id"`
	PackageID       string     `json:"package_id"`
	IdempotencyKey  string     `json:"-"`
	Status          string     `json:"status"`
	PaymentIntentID string     `json:"payment_intent_id,omitempty"`
	ClientSecret    string     `json:"client_secret,omitempty"`
	AmountCents     int64      `json:"amount_cents"`
	Currency        string     `json:"currency"`
	Credits         int        `json:"credits"`
	ExpiresAt       *time.Time `json:"expires_at,omitempty"`
	CreatedAt       time.Time  `json:"created_at"`
}

type LedgerEntry struct {
	ID         uuid.UUID
	StudentID  uuid.UUID
	PurchaseID *uuid.UUID
	LessonID   *uuid.UUID
	Delta      int
	Reason     string
	Note       string
	CreatedAt  time.Time
}

type Refund struct {
	ID             string
	LessonID       uuid.UUID
	PurchaseID     uuid.UUID
	StripeRefundID string
	AmountCents    int64
	Status         string
	CreatedAt      time.Time
}

type Review struct {
	ID        uuid.UUID
	LessonID  uuid.UUID
	StudentID uuid.UUID
	TutorID   uuid.UUID
	Rating    int
	Body      string
	CreatedAt time.Time
}

type Referral struct {
	ID          uuid.UUID
	Code        string
	ReferrerID  uuid.UUID
	RefereeID   uuid.UUID
	Status      string
	QualifiedAt *time.Time
	ReportedAt  *time.Time
	ClickID     string
	CreatedAt   time.Time
}

type Application struct {
	ID          uuid.UUID
	Email       string
	FullName    string
	Phone       string
	Country     string
	Subjects    []string
	StatusToken string
	CreatedAt   time.Time
}

type Slot struct {
	TutorID  uuid.UUID
	StartsAt time.Time
	EndsAt   time.Time
}

type RosterEntry struct {
	TutorID  uuid.UUID
	Email    string
	FullName string
	Phone    string
	Notes    string
}

type Room struct {
	LessonID       uuid.UUID
	VendorRoomID   string
	TutorJoinURL   string
	StudentJoinURL string
	JoinSecret     string
	CreatedAt      time.Time
}

type Session struct {
	ID       string
	LessonID uuid.UUID
	Role     string
	JoinedAt time.Time
	LeftAt   time.Time
	Seconds  int64
}

type Earning struct {
	ID          uuid.UUID
	TutorID     uuid.UUID
	LessonID    uuid.UUID
	AmountCents int64
	PayoutID    *string
	CreatedAt   time.Time
}

type Payout struct {
	ID               string
	BatchID          string
	TutorID          uuid.UUID
	AmountCents      int64
	Currency         string
	StripeTransferID string
	CreatedAt        time.Time
}

type Notification struct {
	ID              string
	LessonID        *uuid.UUID
	TutorID         *uuid.UUID
	Kind            string
	Channel         string
	VendorMessageID string
	Status          string
	CreatedAt       time.Time
}
