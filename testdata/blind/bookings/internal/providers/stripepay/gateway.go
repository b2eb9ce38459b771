// Package stripepay adapts stripe-go to the small surface the services use.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Gateway wraps a Stripe client.
type Gateway struct {
	sc       *stripe.Client
	currency string
}

// Option configures a Gateway.
type Option func(*Gateway)

// WithDefaultCurrency sets the currency used when a request leaves it empty.
func WithDefaultCurrency(c string) Option {
	return func(g *Gateway) { g.currency = c }
}

// New builds a Gateway from a secret key.
func New(secretKey string, opts ...Option) *Gateway {
	g := &Gateway{sc: stripe.NewClient(secretKey), currency: "eur"}
	for _, o := range opts {
		o(g)
	}
	return g
}

// IntentRequest describes a PaymentIntent to create.
type IntentRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	IdempotencyKey string
}

// IntentResult is what the services need from a PaymentIntent.
type IntentResult struct {
	ID           string
	Status       string
	ClientSecret string
}

// RefundRequest describes a refund.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the outcome of a refund.
type RefundResult struct {
	ID     string
	Status string
}

// TransferRequest moves money to a connected account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// TransferResult is the created transfer.
type TransferResult struct {
	ID string
}

// CaptureRequest captures an authorised PaymentIntent.
type CaptureRequest struct {
	PaymentIntentID string
	AmountCents     int64
	IdempotencyKey  string
}

// ErrDeclined is returned when Stripe declines the card.
var ErrDeclined = errors.New("stripe: card declined")

func applyKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

func (g *Gateway) cur(c string) *string {
	if c == "" {
		c = g.currency
	}
	return stripe.String(c)
}

// CreatePaymentIntent creates a manual-capture PaymentIntent.
func (g *Gateway) CreatePaymentIntent(ctx context.Context, req IntentRequest) (*IntentResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      g.cur(req.Currency),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.PaymentMethodID != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethodID)
	}
	applyKey(&params.Params, req.IdempotencyKey)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &IntentResult{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

// Capture captures an authorised PaymentIntent.
func (g *Gateway) Capture(ctx context.Context, req CaptureRequest) (*IntentResult, error) {
	params := &stripe.PaymentIntentCaptureParams{}
	if req.AmountCents > 0 {
		params.AmountToCapture = stripe.Int64(req.AmountCents)
	}
	applyKey(&params.Params, req.IdempotencyKey)

	pi, err := g.sc.V1PaymentIntents.Capture(ctx, req.PaymentIntentID, params)
	if err != nil {
		return nil, translate(err)
	}
	return &IntentResult{ID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds (part of) a PaymentIntent.
func (g *Gateway) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Metadata:      req.Metadata,
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	applyKey(&params.Params, req.IdempotencyKey)

	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// Transfer pays out to a connected account.
func (g *Gateway) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    g.cur(req.Currency),
		Destination: stripe.String(req.DestinationAccount),
		Description: stripe.String(req.Description),
		Metadata:    req.Metadata,
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	applyKey(&params.Params, req.IdempotencyKey)

	t, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &TransferResult{ID: t.ID}, nil
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("%w: %s", ErrDeclined, se.Msg)
		}
		return fmt.Errorf("stripe %s (%s): %s", se.Type, se.Code, se.Msg)
	}
	return err
}
