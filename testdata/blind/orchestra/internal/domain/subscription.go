// Package domain holds the orchestra's core records and the errors the
// services share with the transport layers.
package domain

import (
	"errors"
	"time"
)

// Subscription statuses.
const (
	SubscriptionActive     = "active"
	SubscriptionPaidInFull = "paid_in_full"
	SubscriptionLapsed     = "lapsed"
	SubscriptionCancelled  = "cancelled"
)

// Installment statuses.
const (
	InstallmentScheduled  = "scheduled"
	InstallmentPaid       = "paid"
	InstallmentFailed     = "failed"
	InstallmentWrittenOff = "written_off"
)

// MaxInstallmentFailures is how many declined attempts dunning allows
// before an installment is handed to the patron services team.
const MaxInstallmentFailures = 3

type Patron struct {
	ID               string `gorm:"primaryKey"`
	Email            string
	Phone            *string
	FullName         string
	StripeCustomerID *string
	CreatedAt        time.Time
}

type SubscriptionPackage struct {
	Code       string `gorm:"primaryKey"`
	SeasonID   string
	Name       string
	Concerts   int
	PriceCents int64
}

type Subscription struct {
	ID               string `gorm:"primaryKey"`
	PatronID         string
	SeasonID         string
	PackageCode      string
	SeatCount        int
	TotalCents       int64
	PaidCents        int64
	InstallmentCount int
	StripeCustomerID string
	PaymentMethodID  string
	Status           string
	WelcomeSentAt    *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Outstanding is what is left to collect on the subscription.
func (s Subscription) Outstanding() int64 { return s.TotalCents - s.PaidCents }

type Installment struct {
	ID              string `gorm:"primaryKey"`
	SubscriptionID  string
	SeqNo           int
	DueOn           time.Time
	AmountCents     int64
	Status          string
	FailureCount    int
	PaymentIntentID *string
	PaidAt          *time.Time
	ReminderSentAt  *time.Time
}

type InstallmentPayment struct {
	ID              string `gorm:"primaryKey"`
	InstallmentID   string
	PaymentIntentID string
	AmountCents     int64
	CreatedAt       time.Time
}

type Fulfilment struct {
	ID             string `gorm:"primaryKey"`
	SubscriptionID string
	VendorJobID    string
	ShipMethod     string
	CreatedAt      time.Time
}

// SplitInstallments spreads total over n monthly installments starting on
// first. Any remainder cents go on the first installment so later ones are
// round numbers on the patron's statement.
func SplitInstallments(total int64, n int, first time.Time) []Installment {
	if n <= 0 {
		return nil
	}
	base := total / int64(n)
	rem := total - base*int64(n)
	out := make([]Installment, 0, n)
	for i := 0; i < n; i++ {
		amt := base
		if i == 0 {
			amt += rem
		}
		out = append(out, Installment{
			SeqNo:       i + 1,
			DueOn:       first.AddDate(0, i, 0),
			AmountCents: amt,
			Status:      InstallmentScheduled,
		})
	}
	return out
}

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrPaymentDeclined   = errors.New("payment declined")
	ErrInsufficientFunds = errors.New("insufficient credit")
	ErrSeatUnavailable   = errors.New("seat unavailable")
)

// ValidationError explains which field was rejected.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid is shorthand for building a ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}
