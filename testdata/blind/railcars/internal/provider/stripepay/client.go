// Package stripepay wraps stripe-go for card payments.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Client is the card payment client.
type Client struct {
	sc *stripe.Client
}

// New returns a client for the given secret key.
func New(secretKey string, opts ...stripe.ClientOption) *Client {
	return &Client{sc: stripe.NewClient(secretKey, opts...)}
}

// CallOption adjusts the request params of a single call.
type CallOption func(p *stripe.Params)

// WithIdempotencyKey sets Stripe's Idempotency-Key for the call. Stripe
// returns the original response for a repeated key for 24 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// WithMetadata adds metadata to the created object.
func WithMetadata(kv map[string]string) CallOption {
	return func(p *stripe.Params) {
		for k, v := range kv {
			p.AddMetadata(k, v)
		}
	}
}

func apply(p *stripe.Params, opts []CallOption) {
	for _, o := range opts {
		o(p)
	}
}

// ChargeRequest is an off-session card charge.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
}

// ChargeResult is the outcome of a charge.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
	DeclineCode     string
}

// ErrDeclined is returned when the card was declined.
var ErrDeclined = errors.New("card declined")

// Charge creates and confirms a PaymentIntent.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeCardDeclined {
			return &ChargeResult{Status: "declined", DeclineCode: string(se.DeclineCode)}, ErrDeclined
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds a PaymentIntent in full or in part.
func (c *Client) Refund(ctx context.Context, paymentIntentID string, amountCents int64, opts ...CallOption) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	apply(&params.Params, opts)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create refund: %w", err)
	}
	return r.ID, nil
}

// CreateCustomer creates a Stripe customer for a lessee.
func (c *Client) CreateCustomer(ctx context.Context, name, email string, opts ...CallOption) (string, error) {
	params := &stripe.CustomerCreateParams{
		Name:  stripe.String(name),
		Email: stripe.String(email),
	}
	apply(&params.Params, opts)
	cust, err := c.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return cust.ID, nil
}

// AttachPaymentMethod attaches a card to a customer. Attaching a card that is
// already attached to the same customer succeeds.
func (c *Client) AttachPaymentMethod(ctx context.Context, paymentMethodID, customerID string) error {
	_, err := c.sc.V1PaymentMethods.Attach(ctx, paymentMethodID, &stripe.PaymentMethodAttachParams{
		Customer: stripe.String(customerID),
	})
	if err != nil {
		return fmt.Errorf("stripe: attach payment method: %w", err)
	}
	return nil
}
