// Package stripegw adapts stripe-go's stripe.Client to the handful of
// payment operations the marketplace needs: deposit holds, captures,
// releases, refunds, tips and sitter transfers.
package stripegw

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/pawtrail-labs/pawtrail/internal/config"
)

type Gateway struct {
	sc            *stripe.Client
	webhookSecret string
}

func NewClient(cfg config.Config) *stripe.Client {
	return stripe.NewClient(cfg.StripeSecretKey)
}

func New(sc *stripe.Client, cfg config.Config) *Gateway {
	return &Gateway{sc: sc, webhookSecret: cfg.StripeWebhookSecret}
}

// Intent is the subset of a PaymentIntent callers care about.
type Intent struct {
	ID     string
	Status string
	Amount int64
}

func intentOf(pi *stripe.PaymentIntent) Intent {
	return Intent{ID: pi.ID, Status: string(pi.Status), Amount: pi.Amount}
}

type HoldRequest struct {
	CustomerID      string
	PaymentMethodID string
	Amount          int64
	Currency        string
	BookingID       uuid.UUID
	IdempotencyKey  string
}

// HoldDeposit authorises the booking price on the owner's card without
// capturing it. Capture happens a day before the booking starts.
func (g *Gateway) HoldDeposit(ctx context.Context, r HoldRequest) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.Amount),
		Currency:      stripe.String(r.Currency),
		Customer:      stripe.String(r.CustomerID),
		PaymentMethod: stripe.String(r.PaymentMethodID),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      map[string]string{"booking_id": r.BookingID.String(), "purpose": "deposit"},
	}
	if r.IdempotencyKey != "" {
		params.SetIdempotencyKey(r.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, wrap("hold deposit", err)
	}
	return intentOf(pi), nil
}

type CaptureRequest struct {
	PaymentIntentID string
	AmountToCapture int64
	IdempotencyKey  string
}

func (g *Gateway) Capture(ctx context.Context, r CaptureRequest) (Intent, error) {
	params := &stripe.PaymentIntentCaptureParams{}
	if r.AmountToCapture > 0 {
		params.AmountToCapture = stripe.Int64(r.AmountToCapture)
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, r.PaymentIntentID, params)
	if err != nil {
		return Intent{}, wrap("capture", err)
	}
	return intentOf(pi), nil
}

// ReleaseHold cancels an uncaptured PaymentIntent. Cancelling an intent that
// is already cancelled is reported by Stripe as an invalid state; callers
// treat that as done.
func (g *Gateway) ReleaseHold(ctx context.Context, paymentIntentID string) error {
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonRequestedByCustomer)),
	}
	_, err := g.sc.V1PaymentIntents.Cancel(ctx, paymentIntentID, params)
	var se *stripe.Error
	if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
		return nil
	}
	if err != nil {
		return wrap("release hold", err)
	}
	return nil
}

type RefundRequest struct {
	PaymentIntentID string
	Amount          int64
	Reason          string
	BookingID       uuid.UUID
}

// Refund returns money from a captured deposit.
func (g *Gateway) Refund(ctx context.Context, r RefundRequest) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntentID),
		Amount:        stripe.Int64(r.Amount),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
		Metadata:      map[string]string{"booking_id": r.BookingID.String(), "policy_reason": r.Reason},
	}
	ref, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", wrap("refund", err)
	}
	return ref.ID, nil
}

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	Amount          int64
	Currency        string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// ChargeOffSession creates and confirms an immediately captured payment.
func (g *Gateway) ChargeOffSession(ctx context.Context, r ChargeRequest) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.Amount),
		Currency:      stripe.String(r.Currency),
		Customer:      stripe.String(r.CustomerID),
		PaymentMethod: stripe.String(r.PaymentMethodID),
		Description:   stripe.String(r.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      r.Metadata,
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, wrap("charge", err)
	}
	return intentOf(pi), nil
}

type TransferRequest struct {
	DestinationAccount string
	Amount             int64
	Currency           string
	TransferGroup      string
	Description        string
	IdempotencyKey     string
}

// Transfer moves funds from the platform balance to a sitter's connected
// account.
func (g *Gateway) Transfer(ctx context.Context, r TransferRequest) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(r.Amount),
		Currency:      stripe.String(r.Currency),
		Destination:   stripe.String(r.DestinationAccount),
		TransferGroup: stripe.String(r.TransferGroup),
		Description:   stripe.String(r.Description),
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", wrap("transfer", err)
	}
	return tr.ID, nil
}

// ParseWebhook verifies the Stripe-Signature header and decodes the event.
func (g *Gateway) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, g.webhookSecret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripe webhook: %w", err)
	}
	return ev, nil
}

// ErrCardDeclined is returned when Stripe rejects the card outright; the
// HTTP layer maps it to 402.
var ErrCardDeclined = errors.New("stripe: card declined")

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("stripe %s: %w: %s", op, ErrCardDeclined, se.Msg)
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}
