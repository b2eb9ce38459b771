// Package stripepay charges and refunds private patients' co-pays through
// Stripe PaymentIntents.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type Client struct {
	sc *stripe.Client
}

func New(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

// Charge describes an off-session card payment.
type Charge struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string
}

type Result struct {
	PaymentIntentID string
	Status          string
}

// ErrCardDeclined is returned when Stripe declines the card.
var ErrCardDeclined = errors.New("card declined")

func (c *Client) ChargeCard(ctx context.Context, ch Charge) (*Result, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(ch.AmountCents),
		Currency:      stripe.String(stripe.CurrencyUSD),
		Customer:      stripe.String(ch.CustomerID),
		PaymentMethod: stripe.String(ch.PaymentMethodID),
		Description:   stripe.String(ch.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      ch.Metadata,
	}
	if ch.IdempotencyKey != "" {
		params.SetIdempotencyKey(ch.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeCardDeclined {
			return nil, fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return nil, fmt.Errorf("stripe create payment intent: %w", err)
	}
	return &Result{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds part or all of a payment intent.
func (c *Client) Refund(ctx context.Context, paymentIntentID string, amountCents int64, idempotencyKey string) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	if idempotencyKey != "" {
		params.SetIdempotencyKey(idempotencyKey)
	}
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe create refund: %w", err)
	}
	return rf.ID, nil
}
