// Package service holds the application services the HTTP handlers, webhook
// handlers, workers and the reconciliation job call into.
package service

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/httpx"
	"github.com/docketly/efile/internal/payments"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/providers/mail"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/providers/sms"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/repo"
)

var (
	// ErrNotFound means the resource does not exist or belongs to another firm.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the resource is not in a state that allows the call.
	ErrConflict = errors.New("conflict")
	// ErrInvalid means the request failed validation.
	ErrInvalid = errors.New("invalid request")
	// ErrPaymentDeclined means the card issuer declined the fee.
	ErrPaymentDeclined = errors.New("payment declined")
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

func conflict(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, args...))
}

// notFound maps driver "no rows" errors to ErrNotFound and wraps the rest.
func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) || errors.Is(err, repo.ErrNotFound) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("load %s: %w", what, err)
}

// FeeProcessor is the card processor for filing fees.
type FeeProcessor interface {
	Authorize(ctx context.Context, in payments.AuthorizeInput) (*payments.Intent, error)
	Capture(ctx context.Context, intentID, idempotencyKey string) (*payments.Intent, error)
	Release(ctx context.Context, intentID, idempotencyKey string) (*payments.Intent, error)
	ChargeOffSession(ctx context.Context, in payments.OffSessionCharge) (*payments.Intent, error)
	Refund(ctx context.Context, intentID string, amountCents int64, idempotencyKey string) (*payments.Refund, error)
}

// CourtGateway is the state e-filing gateway.
type CourtGateway interface {
	Submit(ctx context.Context, in gateway.SubmitRequest) (*gateway.SubmitResponse, error)
	EServe(ctx context.Context, envelopeID string, in gateway.EServiceRequest) (*gateway.EServiceResponse, error)
	FeeLedger(ctx context.Context, day time.Time) ([]gateway.LedgerLine, error)
}

// ProcessServers is the process-server network.
type ProcessServers interface {
	CreateBooking(ctx context.Context, in processserver.BookingRequest, idempotencyKey string) (*processserver.Booking, error)
	CancelBooking(ctx context.Context, bookingID, reason, idempotencyKey string) error
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, msg mail.Message, opts ...httpx.RequestOption) (*mail.Result, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, m sms.Message) (*sms.Result, error)
}

// DocumentURLs signs storage keys into URLs the gateway and process servers
// can fetch.
type DocumentURLs interface {
	SignedURL(storageKey string, ttl time.Duration) string
}

// Compile-time checks that the real clients satisfy the interfaces.
var (
	_ FeeProcessor   = (*payments.Stripe)(nil)
	_ CourtGateway   = (*gateway.Client)(nil)
	_ ProcessServers = (*processserver.Client)(nil)
	_ Mailer         = (*mail.Client)(nil)
	_ Texter         = (*sms.Client)(nil)
)

// Auth resolves API keys to firms.
type Auth struct {
	store *store.Store
}

// NewAuth returns the service.
func NewAuth(s *store.Store) *Auth { return &Auth{store: s} }

// FirmForToken returns the firm owning an API key.
func (a *Auth) FirmForToken(ctx context.Context, token string) (uuid.UUID, error) {
	sum := sha256.Sum256([]byte(token))
	id, err := a.store.FirmForAPIKey(ctx, sum[:])
	if err != nil {
		return uuid.Nil, notFound(err, "api key")
	}
	return id, nil
}
