package ports

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/merchline/preorders/internal/core/domain"
)

type PaymentIntent struct {
	ID               string
	ClientSecret     string
	Status           string
	Amount           int64
	AmountCapturable int64
	AmountReceived   int64
	CustomerID       string
	PaymentMethodID  string
}

const (
	PIRequiresCapture = "requires_capture"
	PISucceeded       = "succeeded"
	PICanceled        = "canceled"
)

type AuthorizationInput struct {
	OrderID        string
	AmountCents    int64
	Currency       string
	Email          string
	Description    string
	IdempotencyKey string
}

type ReauthorizationInput struct {
	OrderID         string
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	IdempotencyKey  string
}

type CaptureInput struct {
	PaymentIntentID string
	AmountCents     int64
	IdempotencyKey  string
}

type CancelInput struct {
	PaymentIntentID string
	Reason          string
	IdempotencyKey  string
}

type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type RefundResult struct {
	ID     string
	Status string
}

type TransferInput struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
	IdempotencyKey     string
}

// PaymentProvider is the card processor. Every mutating call accepts an
// IdempotencyKey which is sent as Stripe's Idempotency-Key header when
// non-empty.
type PaymentProvider interface {
	CreateAuthorization(ctx context.Context, in AuthorizationInput) (PaymentIntent, error)
	Reauthorize(ctx context.Context, in ReauthorizationInput) (PaymentIntent, error)
	GetPaymentIntent(ctx context.Context, id string) (PaymentIntent, error)
	Capture(ctx context.Context, in CaptureInput) (PaymentIntent, error)
	Cancel(ctx context.Context, in CancelInput) (PaymentIntent, error)
	Refund(ctx context.Context, in RefundInput) (RefundResult, error)
	Transfer(ctx context.Context, in TransferInput) (string, error)
	ListBalanceTransactions(ctx context.Context, from, to time.Time) ([]domain.BalanceTxn, error)
}

type FulfilmentOrderRequest struct {
	ClientOrderRef string
	ShipTo         domain.Address
	Email          string
	Lines          []domain.ShipmentLine
	IdempotencyKey string
}

type ReshipRequest struct {
	ShipmentID     string
	ClientOrderRef string
	Reason         string
}

// WarehouseClient is the fulfilment partner's REST API.
type WarehouseClient interface {
	CreateFulfilmentOrder(ctx context.Context, req FulfilmentOrderRequest) (warehouseRef string, err error)
	UpdateShippingAddress(ctx context.Context, clientOrderRef string, addr domain.Address) error
	CancelFulfilmentOrder(ctx context.Context, clientOrderRef string) error
	PlaceHold(ctx context.Context, clientOrderRef, reason string) (holdID string, err error)
	CreateReship(ctx context.Context, req ReshipRequest) (reshipID string, err error)
}

type Message struct {
	Key     string
	Value   []byte
	Headers map[string]string
}

// Publisher writes messages to the event bus.
type Publisher interface {
	Publish(ctx context.Context, topic string, msgs ...Message) error
}

type Email struct {
	To       string
	Template string
	Data     map[string]string
}

// Mailer sends transactional email.
type Mailer interface {
	Send(ctx context.Context, e Email) error
}

// ErrIntentState is returned (wrapped) by PaymentProvider when Stripe
// refuses a call because the PaymentIntent is already past the state the
// call expects, e.g. capturing a captured intent.
var ErrIntentState = errors.New("payment intent in unexpected state")

// ErrDeclined is returned (wrapped) for card declines and off-session
// authentication requirements.
var ErrDeclined = errors.New("card declined")

// PaymentEvent is a verified Stripe webhook event.
type PaymentEvent struct {
	ID      string
	Type    string
	Account string
	Created time.Time
	Object  json.RawMessage
}
