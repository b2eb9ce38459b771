// Package stripepay is the narrow slice of Stripe the fines service uses.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// ChargeRequest describes a card charge for fines.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	// OffSession marks charges made without the patron present (autopay).
	OffSession bool
	// IdempotencyKey is sent as the Idempotency-Key header; Stripe returns
	// the original result for a repeated key within 24 hours.
	IdempotencyKey string
}

// ChargeResult is what the service keeps from a PaymentIntent.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
}

// RefundRequest returns part or all of a payment.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is what the service keeps from a Refund.
type RefundResult struct {
	RefundID string
	Status   string
}

// ErrCardDeclined is returned when Stripe declines the card.
var ErrCardDeclined = errors.New("stripepay: card declined")

// Gateway is the interface the services depend on.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
	ParseEvent(payload []byte, signature string) (stripe.Event, error)
}

// Client implements Gateway over stripe-go.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New builds a Stripe client for the given secret key.
func New(secretKey, webhookSecret string) *Client {
	return &Client{sc: stripe.NewClient(secretKey), webhookSecret: webhookSecret}
}

// Charge creates and confirms a PaymentIntent in one call.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		Metadata:      req.Metadata,
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return ChargeResult{}, fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return ChargeResult{}, fmt.Errorf("stripepay: create payment intent: %w", err)
	}
	return ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds against a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
		Metadata:      req.Metadata,
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, fmt.Errorf("stripepay: create refund: %w", err)
	}
	return RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

// ParseEvent verifies the Stripe-Signature header and decodes the event.
func (c *Client) ParseEvent(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, c.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
}
