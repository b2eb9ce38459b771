package app

import (
	"context"
	"errors"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/quillsign/esign/internal/domain"
)

// EnvelopeService creates, sends and voids envelopes.
type EnvelopeService interface {
	Create(ctx context.Context, accountID, idempotencyKey string, in CreateEnvelopeInput) (*EnvelopeView, bool, error)
	Get(ctx context.Context, accountID, id string) (*EnvelopeView, error)
	Send(ctx context.Context, accountID, id string) (*EnvelopeView, error)
	Void(ctx context.Context, accountID, id, reason string) (*EnvelopeView, error)
}

// SigningService records signatures.
type SigningService interface {
	Sign(ctx context.Context, accountID, envelopeID, signerID string, in SignInput) (*EnvelopeView, error)
}

// ReminderService handles reminders requested from the dashboard.
type ReminderService interface {
	RemindNow(ctx context.Context, accountID, envelopeID, signerID, requestedBy string) (requestID string, err error)
}

// BillingService sells envelope packs and reacts to Stripe events.
type BillingService interface {
	PurchasePack(ctx context.Context, accountID, idempotencyKey string, in PackPurchase) (*PackReceipt, error)
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

// EndpointService manages customer webhook endpoints.
type EndpointService interface {
	Register(ctx context.Context, accountID, url string) (*EndpointView, error)
}

// SMSStatusService records delivery receipts from the SMS provider.
type SMSStatusService interface {
	Record(ctx context.Context, cb SMSStatusCallback) error
}

// CreateEnvelopeInput is the body of POST /v1/envelopes.
type CreateEnvelopeInput struct {
	Subject               string        `json:"subject"`
	Message               string        `json:"message"`
	DocumentURL           string        `json:"document_url"`
	DocumentSHA256        string        `json:"document_sha256"`
	SenderEmail           string        `json:"sender_email"`
	ReminderIntervalHours int           `json:"reminder_interval_hours"`
	Signers               []SignerInput `json:"signers"`
}

// SignerInput is one signer in CreateEnvelopeInput.
type SignerInput struct {
	Name         string `json:"name"`
	Email        string `json:"email"`
	Phone        string `json:"phone,omitempty"`
	RoutingOrder int    `json:"routing_order"`
}

// SignInput is the body of the sign call.
type SignInput struct {
	SignatureSHA256 string `json:"signature_sha256"`
	IP              string `json:"-"`
}

// EnvelopeView is an envelope with its signers, as returned by the API.
type EnvelopeView struct {
	domain.Envelope
	Signers []domain.Signer `json:"signers"`
}

// PackPurchase is the body of POST /v1/billing/packs.
type PackPurchase struct {
	Envelopes int `json:"envelopes"`
}

// PackReceipt is returned for a purchased pack.
type PackReceipt struct {
	PaymentIntentID string `json:"payment_intent_id"`
	Envelopes       int    `json:"envelopes"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	Balance         int    `json:"credit_balance"`
}

// EndpointView is a registered webhook endpoint; the secret is only shown
// when it is (re)generated.
type EndpointView struct {
	domain.WebhookEndpoint
	Secret string `json:"secret"`
}

// SMSStatusCallback is a delivery receipt posted by the SMS provider.
type SMSStatusCallback struct {
	MessageID string
	Status    string
	ErrorCode string
	At        time.Time
}

// Errors returned by services and mapped to HTTP statuses by the handlers.
var (
	ErrNotFound       = errors.New("not found")
	ErrInvalid        = errors.New("invalid request")
	ErrConflict       = errors.New("conflict")
	ErrAlreadySigned  = errors.New("signer has already signed")
	ErrNotSignable    = errors.New("envelope is not awaiting signatures")
	ErrPaymentFailed  = errors.New("payment failed")
	ErrKeyReused      = errors.New("idempotency key reused for a different request")
	ErrNoPaymentSetup = errors.New("account has no card on file")
)

// ValidationError describes an invalid field.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

// Unwrap lets errors.Is(err, ErrInvalid) match.
func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid returns a *ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}
