// Package stripepay wraps stripe-go for the money movements we make:
// buyer charges and buyback transfers/payouts to students.
package stripepay

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/quirecampus/bookloop/internal/platform/retrypolicy"
)

type Client struct {
	sc       *stripe.Client
	currency string
}

func New(secretKey, currency string) *Client {
	return &Client{sc: stripe.NewClient(secretKey), currency: currency}
}

// classify marks Stripe errors that are safe to retry in-process.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.HTTPStatusCode >= 500 || se.HTTPStatusCode == http.StatusTooManyRequests ||
			se.Type == stripe.ErrorTypeAPI {
			return retrypolicy.Transient{Err: err}
		}
		return err
	}
	// Network errors from the backend come through unwrapped.
	return retrypolicy.Transient{Err: err}
}

type ChargeRequest struct {
	AmountCents     int64
	CustomerID      string
	PaymentMethodID string
	OrderID         string
	Description     string
	IdempotencyKey  string
}

// Charge creates and confirms an off-session PaymentIntent against the
// buyer's saved card.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	key := req.IdempotencyKey
	if key == "" {
		key = uuid.NewString()
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(c.currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	params.AddMetadata("order_id", req.OrderID)
	params.SetIdempotencyKey(key)

	return retrypolicy.Call(ctx, func() (*stripe.PaymentIntent, error) {
		pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
		return pi, classify(err)
	})
}

type TransferRequest struct {
	AmountCents    int64
	Destination    string // connected account
	TransferGroup  string
	Metadata       map[string]string
	IdempotencyKey string
}

// Transfer moves platform balance to a student's connected account.
func (c *Client) Transfer(ctx context.Context, req TransferRequest) (*stripe.Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(c.currency),
		Destination:   stripe.String(req.Destination),
		TransferGroup: stripe.String(req.TransferGroup),
		Metadata:      req.Metadata,
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	return retrypolicy.Call(ctx, func() (*stripe.Transfer, error) {
		tr, err := c.sc.V1Transfers.Create(ctx, params)
		return tr, classify(err)
	})
}

type PayoutRequest struct {
	Account        string // connected account that holds the funds
	CardID         string // the student's debit card on that account
	AmountCents    int64
	Descriptor     string
	IdempotencyKey string
}

// InstantPayout pushes funds from a connected account to its debit card.
func (c *Client) InstantPayout(ctx context.Context, req PayoutRequest) (*stripe.Payout, error) {
	params := &stripe.PayoutCreateParams{
		Amount:              stripe.Int64(req.AmountCents),
		Currency:            stripe.String(c.currency),
		Method:              stripe.String(string(stripe.PayoutMethodInstant)),
		StatementDescriptor: stripe.String(req.Descriptor),
	}
	if req.CardID != "" {
		params.Destination = stripe.String(req.CardID)
	}
	params.SetStripeAccount(req.Account)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	return retrypolicy.Call(ctx, func() (*stripe.Payout, error) {
		p, err := c.sc.V1Payouts.Create(ctx, params)
		return p, classify(err)
	})
}
