// Package service declares the application services the HTTP handlers and
// job workers call. Implementations live under internal/core.
package service

import (
	"context"
	"errors"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/funeralhome"
)

var (
	ErrPlotUnavailable = errors.New("plot is not available")
	ErrInvalidState    = errors.New("record is not in a state that allows this")
	ErrValidation      = errors.New("validation failed")
)

type ReserveInput struct {
	RequestKey       string
	PlotID           string
	FamilyID         string
	StripeCustomerID string
}

type ReserveResult struct {
	Reservation  domain.Reservation
	ClientSecret string
}

type Reservations interface {
	Reserve(ctx context.Context, in ReserveInput) (ReserveResult, error)
	Cancel(ctx context.Context, reservationID, reason string) error
	RefundDeposit(ctx context.Context, reservationID string) error
}

type TransferInput struct {
	PlotID         string
	TransferNumber string
	FromFamilyID   string
	ToFamilyID     string
	RecordedBy     string
}

type Plots interface {
	Transfer(ctx context.Context, in TransferInput) (domain.PlotTransfer, error)
}

type ScheduleInput struct {
	ReservationID string
	DecedentName  string
	FuneralHomeID string
	ServiceAt     time.Time
}

type Interments interface {
	Schedule(ctx context.Context, in ScheduleInput) (domain.Interment, error)
	Book(ctx context.Context, intermentID string) error
	Reschedule(ctx context.Context, intermentID string, at time.Time) (domain.Interment, error)
	SendReminders(ctx context.Context, now time.Time) (int, error)
}

type EngravingInput struct {
	PlotID      string
	FamilyID    string
	Inscription string
	Typeface    string
	Material    string
}

type Engraving interface {
	PlaceOrder(ctx context.Context, in EngravingInput) (domain.EngravingOrder, error)
	Submit(ctx context.Context, orderID string) error
}

type Care interface {
	RunBilling(ctx context.Context, asOf time.Time) (int, error)
	CollectInvoice(ctx context.Context, invoiceID string) error
	ChargeWithCard(ctx context.Context, invoiceID, paymentMethodID string) (domain.CareInvoice, error)
}

type FamilyNotice struct {
	FamilyID string
	Template string
	Params   map[string]string
	DedupKey string
}

type Messaging interface {
	Recipients(ctx context.Context, familyID string) ([]domain.Contact, error)
	RecordBroadcast(ctx context.Context, m domain.FamilyMessage) error
	Deliver(ctx context.Context, n FamilyNotice) error
}

type StripeEvents interface {
	HandleStripeEvent(ctx context.Context, evt stripe.Event) error
}

type PartnerEvents interface {
	HandlePartnerEvent(ctx context.Context, evt funeralhome.Event) error
}
