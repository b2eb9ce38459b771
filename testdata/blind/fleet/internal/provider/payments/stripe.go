// Package payments wraps the Stripe API for deposits, charges and refunds.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/acme/fleet/internal/config"
)

// Client talks to Stripe through a stripe.Client.
type Client struct {
	sc       *stripe.Client
	currency string
}

func New(cfg config.Config) *Client {
	return &Client{sc: stripe.NewClient(cfg.StripeKey), currency: cfg.Currency}
}

// Option adjusts the parameters of one Stripe request.
type Option func(*stripe.Params)

// WithIdempotencyKey sets the Idempotency-Key header of the request. Stripe
// returns the stored result for a repeated key for 24 hours.
func WithIdempotencyKey(key string) Option {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// WithMetadata attaches a metadata entry to the created object.
func WithMetadata(key, value string) Option {
	return func(p *stripe.Params) { p.AddMetadata(key, value) }
}

func apply(p *stripe.Params, opts []Option) {
	for _, o := range opts {
		o(p)
	}
}

// ErrDeclined is returned when the card was declined.
var ErrDeclined = errors.New("card declined")

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("stripe %s: %w: %s", op, ErrDeclined, se.Msg)
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}

// HoldRequest describes a deposit authorisation.
type HoldRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
}

// HoldDeposit authorises (but does not capture) a deposit on the
// customer's saved card and returns the payment intent id.
func (c *Client) HoldDeposit(ctx context.Context, r HoldRequest, opts ...Option) (string, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(c.currency),
		Customer:      stripe.String(r.CustomerID),
		PaymentMethod: stripe.String(r.PaymentMethodID),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(r.Description),
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", wrap("hold deposit", err)
	}
	return pi.ID, nil
}

// CancelHold releases an uncaptured deposit. Releasing a hold that is
// already cancelled is not an error.
func (c *Client) CancelHold(ctx context.Context, intentID string, opts ...Option) error {
	params := &stripe.PaymentIntentCancelParams{}
	apply(&params.Params, opts)
	_, err := c.sc.V1PaymentIntents.Cancel(ctx, intentID, params)
	var se *stripe.Error
	if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
		return nil
	}
	if err != nil {
		return wrap("cancel hold", err)
	}
	return nil
}

// ChargeRequest describes an off-session card charge.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
}

// Charge charges the customer's saved card and returns the payment intent id.
func (c *Client) Charge(ctx context.Context, r ChargeRequest, opts ...Option) (string, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(c.currency),
		Customer:      stripe.String(r.CustomerID),
		PaymentMethod: stripe.String(r.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(r.Description),
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", wrap("charge", err)
	}
	return pi.ID, nil
}

// RefundRequest describes a (partial) refund of a payment intent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
}

// Refund returns money from a captured payment intent and returns the refund id.
func (c *Client) Refund(ctx context.Context, r RefundRequest, opts ...Option) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntentID),
		Amount:        stripe.Int64(r.AmountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	apply(&params.Params, opts)
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", wrap("refund", err)
	}
	return rf.ID, nil
}
