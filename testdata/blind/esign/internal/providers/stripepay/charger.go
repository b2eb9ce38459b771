// Package stripepay takes off-session card payments with Stripe
// PaymentIntents.
//
// Stripe deduplicates POST requests that carry the same Idempotency-Key for
// 24 hours; callers pass the key in app.ChargeRequest.IdempotencyKey.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/quillsign/esign/internal/app"
)

// Charger implements app.CardCharger.
type Charger struct {
	sc *stripe.Client
}

var _ app.CardCharger = (*Charger)(nil)

// New returns a Charger using the given secret key.
func New(secretKey string) *Charger {
	return &Charger{sc: stripe.NewClient(secretKey)}
}

// Charge creates and confirms a PaymentIntent against the saved card.
// Card declines are returned wrapped in app.ErrPaymentFailed.
func (c *Charger) Charge(ctx context.Context, req app.ChargeRequest) (app.ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return app.ChargeResult{}, fmt.Errorf("%w: %s", app.ErrPaymentFailed, se.Msg)
		}
		return app.ChargeResult{}, fmt.Errorf("stripe create payment intent: %w", err)
	}
	return app.ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}
