// Package stripepay wraps stripe-go for card charges and refunds.
//
// Stripe de-duplicates POST requests by the Idempotency-Key header for 24
// hours: a repeated key returns the first response instead of creating a
// second PaymentIntent or Refund. Callers pass the key in the request struct.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/northline/coachbus/internal/domain"
)

// Client is the narrow payments surface the services use.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New builds a client from the raw stripe client.
func New(sc *stripe.Client, webhookSecret string) *Client {
	return &Client{sc: sc, webhookSecret: webhookSecret}
}

// ChargeRequest creates and confirms a PaymentIntent in one call.
type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	OffSession      bool
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Charge is the outcome of a successful charge.
type Charge struct {
	PaymentIntentID string
	Status          string
}

// Charge confirms a card payment. Declines map to domain.ErrPaymentDeclined.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	} else {
		params.ErrorOnRequiresAction = stripe.Bool(true)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Charge{}, mapErr(err)
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, domain.ErrPaymentDeclined
	}
	return Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// RefundRequest refunds part or all of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Refund creates a refund and returns its Stripe id.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (string, error) {
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
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", mapErr(err)
	}
	return r.ID, nil
}

// VerifyWebhook checks the Stripe-Signature header and decodes the event.
func (c *Client) VerifyWebhook(payload []byte, signature string) (stripe.Event, error) {
	ev, err := webhook.ConstructEvent(payload, signature, c.webhookSecret)
	if err != nil {
		return stripe.Event{}, fmt.Errorf("%w: %v", domain.ErrBadSignature, err)
	}
	return ev, nil
}

func mapErr(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, se.Code)
	}
	return fmt.Errorf("stripe: %w", err)
}
