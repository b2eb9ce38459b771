// Package stripepay charges firms' saved cards through Stripe.
package stripepay

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/domain"
)

// ChargeRequest describes one off-session card charge.
type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	// Stripe replays the original response for 24h for a repeated key.
	IdempotencyKey string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
	AmountCents     int64
}

type Client struct {
	sc *stripe.Client
}

func New(cfg config.Config) *Client {
	return &Client{sc: stripe.NewClient(cfg.StripeSecretKey)}
}

// Charge creates and confirms a PaymentIntent off-session.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	if req.Currency == "" {
		req.Currency = string(stripe.CurrencyUSD)
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
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
			return nil, fmt.Errorf("%w: %s", domain.ErrCardDeclined, se.Msg)
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		AmountCents:     pi.Amount,
	}, nil
}
