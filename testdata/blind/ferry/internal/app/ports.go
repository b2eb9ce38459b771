// Package app holds ferrydesk's services. Services depend on store.Store and
// on the provider interfaces below; transports (HTTP handlers, river
// workers, the settlement command) depend on the services.
package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/provider/ledger"
	"github.com/northsound/ferrydesk/internal/provider/mailer"
	"github.com/northsound/ferrydesk/internal/provider/portauthority"
	"github.com/northsound/ferrydesk/internal/provider/sms"
	"github.com/northsound/ferrydesk/internal/provider/stripepay"
)

// Module provides every service. Binaries only construct what they use.
var Module = fx.Module("app",
	fx.Provide(
		NewBookings,
		NewPayments,
		NewRefunds,
		NewSailings,
		NewLoyalty,
		NewManifests,
		NewBoarding,
		NewNotifier,
		NewStripeEvents,
		NewSettler,
	),
)

// PaymentGateway charges and refunds cards.
type PaymentGateway interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (stripepay.ChargeResult, error)
	Refund(ctx context.Context, req stripepay.RefundRequest) (stripepay.RefundResult, error)
}

// ManifestAuthority receives passenger manifests.
type ManifestAuthority interface {
	SubmitManifest(ctx context.Context, m portauthority.Manifest) (portauthority.SubmitResult, error)
	AmendManifest(ctx context.Context, manifestID string, a portauthority.Amendment) (portauthority.AmendResult, error)
	Carrier() string
}

// SMSSender delivers text messages.
type SMSSender interface {
	Send(ctx context.Context, m sms.Message) (sms.Result, error)
}

// Mailer delivers email.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email) (string, error)
}

// JournalPoster records settlement in the general ledger.
type JournalPoster interface {
	PostJournal(ctx context.Context, j ledger.Journal) (string, error)
	Entity() string
}

// Clock returns the current time; tests replace it.
type Clock func() time.Time

// SystemClock is the wall clock in UTC.
func SystemClock() time.Time { return time.Now().UTC() }

// Service errors the transports map onto responses.
var (
	ErrNotPayable        = errors.New("booking is not awaiting payment")
	ErrNotRefundable     = errors.New("booking has nothing to refund")
	ErrBookingClosed     = errors.New("booking can no longer be changed")
	ErrSailingClosed     = errors.New("sailing is not open for sale")
	ErrNotCheckable      = errors.New("passenger cannot check in for this sailing")
	ErrAlreadyCheckedIn  = errors.New("passenger already checked in")
	ErrInsufficientMiles = errors.New("not enough miles")
	ErrNotMember         = errors.New("booking is not linked to this member")
)

// ValidationError describes a bad request in terms a client can fix.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.Reason) }

func invalid(field, reason string) error { return &ValidationError{Field: field, Reason: reason} }
