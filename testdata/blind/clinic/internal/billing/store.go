// Package billing handles deposits, fees, refunds, receipts and the Stripe
// webhook. Persistence is gorm.
package billing

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/platform/gormrepo"
)

const (
	PurposeDeposit = "deposit"

	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

var ErrNotPayable = errors.New("appointment is not payable")

type PaymentAttempt struct {
	ID            string `gorm:"primaryKey"`
	AppointmentID string
	Purpose       string
	AmountCents   int64
	Currency      string
	Status        string
	ProviderRef   *string
	ClientSecret  *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (PaymentAttempt) TableName() string { return "payment_attempts" }

type Refund struct {
	ID               string `gorm:"primaryKey"`
	PaymentAttemptID string
	RequestID        string
	AmountCents      int64
	Status           string
	ProviderRef      *string
	Reason           string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (Refund) TableName() string { return "refunds" }

type NoShowFee struct {
	ID            string `gorm:"primaryKey"`
	AppointmentID string
	AmountCents   int64
	Status        string
	ProviderRef   *string
	FailureReason *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (NoShowFee) TableName() string { return "no_show_fees" }

type StripeEvent struct {
	EventID    string `gorm:"primaryKey"`
	Type       string
	ReceivedAt time.Time `gorm:"autoCreateTime"`
}

func (StripeEvent) TableName() string { return "stripe_events" }

type Receipt struct {
	ID               string `gorm:"primaryKey"`
	AppointmentID    string
	PaymentAttemptID string
	Number           string
	AmountCents      int64
	IssuedAt         time.Time `gorm:"autoCreateTime"`
}

func (Receipt) TableName() string { return "receipts" }

func strPtr(s string) *string { return &s }

// Store groups the typed repositories billing uses.
type Store struct {
	DB       *gorm.DB
	Attempts *gormrepo.Repository[PaymentAttempt]
	Refunds  *gormrepo.Repository[Refund]
	Fees     *gormrepo.Repository[NoShowFee]
	Receipts *gormrepo.Repository[Receipt]
}

func NewStore(db *gorm.DB) *Store {
	return &Store{
		DB:       db,
		Attempts: gormrepo.New[PaymentAttempt](db),
		Refunds:  gormrepo.New[Refund](db),
		Fees:     gormrepo.New[NoShowFee](db),
		Receipts: gormrepo.New[Receipt](db),
	}
}

// SucceededDeposit implements appointments.DepositLookup.
func (s *Store) SucceededDeposit(ctx context.Context, appointmentID string) (appointments.Deposit, bool, error) {
	pa, err := s.Attempts.FindOne(ctx, "appointment_id = ? AND purpose = ? AND status = ?",
		appointmentID, PurposeDeposit, StatusSucceeded)
	if errors.Is(err, gormrepo.ErrNotFound) {
		return appointments.Deposit{}, false, nil
	}
	if err != nil {
		return appointments.Deposit{}, false, err
	}
	ref := ""
	if pa.ProviderRef != nil {
		ref = *pa.ProviderRef
	}
	return appointments.Deposit{PaymentAttemptID: pa.ID, ProviderRef: ref, AmountCents: pa.AmountCents}, true, nil
}
