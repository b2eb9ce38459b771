// Package stripepay is the card gateway: pre-authorisations, captures,
// cancellations and refunds on Stripe PaymentIntents.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// AuthorizeRequest places a manual-capture hold on the guest's card.
type AuthorizeRequest struct {
	ReservationID  string
	CustomerID     string
	PaymentMethod  string
	AmountMinor    int64
	Currency       string
	Description    string
	IdempotencyKey string
}

// Authorization is a placed hold.
type Authorization struct {
	PaymentIntentID string
	Status          string
	AmountMinor     int64
	Currency        string
}

// CaptureRequest captures (part of) a hold.
type CaptureRequest struct {
	PaymentIntentID string
	AmountMinor     int64
	IdempotencyKey  string
}

// Capture is the result of a capture.
type Capture struct {
	PaymentIntentID string
	Status          string
	CapturedMinor   int64
}

// RefundRequest refunds a captured PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountMinor     int64
	Reason          string
	IdempotencyKey  string
}

// Refund is an issued refund.
type Refund struct {
	ID          string
	Status      string
	AmountMinor int64
	Currency    string
}

// Gateway is the card-payment port used by services and activities.
type Gateway interface {
	Authorize(ctx context.Context, req AuthorizeRequest) (*Authorization, error)
	Capture(ctx context.Context, req CaptureRequest) (*Capture, error)
	Void(ctx context.Context, paymentIntentID, idempotencyKey string) error
	Refund(ctx context.Context, req RefundRequest) (*Refund, error)
}

// ErrDeclined is returned when the card issuer declines.
var ErrDeclined = errors.New("stripepay: card declined")

type gateway struct {
	sc *stripe.Client
}

// New returns a Gateway backed by the Stripe API.
func New(secretKey string) Gateway {
	return &gateway{sc: stripe.NewClient(secretKey)}
}

func withKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

func (g *gateway) Authorize(ctx context.Context, req AuthorizeRequest) (*Authorization, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountMinor),
		Currency:      stripe.String(req.Currency),
		PaymentMethod: stripe.String(req.PaymentMethod),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	params.AddMetadata("reservation_id", req.ReservationID)
	withKey(&params.Params, req.IdempotencyKey)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return &Authorization{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		AmountMinor:     pi.Amount,
		Currency:        string(pi.Currency),
	}, nil
}

func (g *gateway) Capture(ctx context.Context, req CaptureRequest) (*Capture, error) {
	params := &stripe.PaymentIntentCaptureParams{}
	if req.AmountMinor > 0 {
		params.AmountToCapture = stripe.Int64(req.AmountMinor)
	}
	withKey(&params.Params, req.IdempotencyKey)
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, req.PaymentIntentID, params)
	if err != nil {
		return nil, classify(err)
	}
	return &Capture{PaymentIntentID: pi.ID, Status: string(pi.Status), CapturedMinor: pi.AmountReceived}, nil
}

func (g *gateway) Void(ctx context.Context, paymentIntentID, idempotencyKey string) error {
	params := &stripe.PaymentIntentCancelParams{}
	withKey(&params.Params, idempotencyKey)
	_, err := g.sc.V1PaymentIntents.Cancel(ctx, paymentIntentID, params)
	return classify(err)
}

func (g *gateway) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
	}
	if req.AmountMinor > 0 {
		params.Amount = stripe.Int64(req.AmountMinor)
	}
	if req.Reason != "" {
		params.AddMetadata("reason", req.Reason)
	}
	withKey(&params.Params, req.IdempotencyKey)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, classify(err)
	}
	return &Refund{ID: r.ID, Status: string(r.Status), AmountMinor: r.Amount, Currency: string(r.Currency)}, nil
}

func classify(err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrDeclined, se.Msg)
	}
	return fmt.Errorf("stripepay: %w", err)
}
