// Package payments wraps the Stripe API behind the small surface the
// services need.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// ChargeRequest describes a PaymentIntent. IdempotencyKey is sent as the
// Idempotency-Key header; Stripe replays the original response for the same
// key for 24 hours.
type ChargeRequest struct {
	AmountCents    int64
	Currency       string
	CustomerID     string
	PaymentMethod  string
	Description    string
	Confirm        bool
	OffSession     bool
	Metadata       map[string]string
	IdempotencyKey string
}

type Charge struct {
	PaymentIntentID string
	Status          string
	ClientSecret    string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type RefundResult struct {
	RefundID string
	Status   string
}

type CustomerRequest struct {
	Email          string
	Name           string
	MemberID       string
	IdempotencyKey string
}

// Client is the Stripe facade used by the services.
type Client struct {
	sc *stripe.Client
}

func NewClient(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

func (c *Client) CreatePaymentIntent(ctx context.Context, req ChargeRequest) (Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Description: stripe.String(req.Description),
		Metadata:    req.Metadata,
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.PaymentMethod != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethod)
	}
	if req.Confirm {
		params.Confirm = stripe.Bool(true)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Charge{}, translate(err)
	}
	return Charge{PaymentIntentID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

func (c *Client) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
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
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, translate(err)
	}
	return RefundResult{RefundID: r.ID, Status: string(r.Status)}, nil
}

func (c *Client) CreateCustomer(ctx context.Context, req CustomerRequest) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email:    stripe.String(req.Email),
		Name:     stripe.String(req.Name),
		Metadata: map[string]string{"member_id": req.MemberID},
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	cust, err := c.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", translate(err)
	}
	return cust.ID, nil
}

// ErrCardDeclined is returned when Stripe declines the payment method.
var ErrCardDeclined = errors.New("payments: card declined")

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return fmt.Errorf("stripe %s (%s): %w", se.Type, se.Code, err)
	}
	return err
}

// WebhookVerifier checks Stripe-Signature headers for one endpoint secret.
type WebhookVerifier struct {
	secret string
}

func NewWebhookVerifier(secret string) *WebhookVerifier {
	return &WebhookVerifier{secret: secret}
}

func (v *WebhookVerifier) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, v.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
}
