// Package domain holds the persistent models shared by services and stores.
package domain

import "time"

// BookingStatus is the lifecycle state of a tee-time booking.
type BookingStatus string

const (
	BookingPendingPayment BookingStatus = "pending_payment"
	BookingConfirmed      BookingStatus = "confirmed"
	BookingCheckedIn      BookingStatus = "checked_in"
	BookingCancelled      BookingStatus = "cancelled"
	BookingNoShow         BookingStatus = "no_show"
)

// Course is one eighteen- or nine-hole layout of a club in the group.
type Course struct {
	ID                   string `gorm:"primaryKey"`
	ClubID               string
	Name                 string
	Holes                int
	Timezone             string
	FirstTee             string // "06:30", local time
	LastTee              string
	IntervalMinutes      int
	MaxPlayers           int
	GreenFeeMemberCents  int64
	GreenFeeVisitorCents int64
	CartFeeCents         int64
	Active               bool
	CreatedAt            time.Time
}

func (Course) TableName() string { return "courses" }

// TeeTime is a single start slot on a course's tee sheet.
type TeeTime struct {
	ID            string `gorm:"primaryKey"`
	CourseID      string
	StartsAt      time.Time
	Capacity      int
	BookedPlayers int
	Blocked       bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (TeeTime) TableName() string { return "tee_times" }

// SlotsLeft is how many more players fit in the slot.
func (t TeeTime) SlotsLeft() int {
	if t.Blocked {
		return 0
	}
	return t.Capacity - t.BookedPlayers
}

// Member is a club member or a registered visitor.
type Member struct {
	ID               string `gorm:"primaryKey"`
	ClubID           string
	MembershipNo     *string
	FullName         string
	Email            string
	Phone            string
	StripeCustomerID *string
	DefaultCardID    *string
	PayoutAccountID  *string
	Visitor          bool
	CreatedAt        time.Time
}

func (Member) TableName() string { return "members" }

// Booking reserves players on a tee time and carries what they owe.
type Booking struct {
	ID              string `gorm:"primaryKey"`
	TeeTimeID       string
	CourseID        string
	MemberID        string
	Players         int
	Carts           int
	GreenFeeCents   int64
	CartFeeCents    int64
	CreditCents     int64
	AmountDueCents  int64
	Currency        string
	Status          BookingStatus
	Source          string
	PaymentIntentID *string
	RefundID        *string
	RefundedCents   int64
	CheckedInAt     *time.Time
	CancelledAt     *time.Time
	CancelReason    string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Booking) TableName() string { return "bookings" }

// BookingCredit is value applied against a booking from a voucher or a
// rain check.
type BookingCredit struct {
	ID          string `gorm:"primaryKey"`
	BookingID   string
	SourceType  string
	SourceID    string
	AmountCents int64
	CreatedAt   time.Time
}

func (BookingCredit) TableName() string { return "booking_credits" }

// IdempotencyRecord remembers a client-supplied Idempotency-Key and the
// resource it produced.
type IdempotencyRecord struct {
	Scope       string `gorm:"primaryKey"`
	Key         string `gorm:"primaryKey"`
	RequestHash string
	ResourceID  string
	CreatedAt   time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

// WebhookEvent marks a provider event that has been handled.
type WebhookEvent struct {
	EventID     string `gorm:"primaryKey"`
	Provider    string
	Type        string
	ProcessedAt time.Time
}

func (WebhookEvent) TableName() string { return "webhook_events" }
