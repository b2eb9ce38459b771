// Package stripepay wraps stripe-go for appointment deposits, statement
// card payments, deposit refunds and Connect transfers to associate
// dentists. Stripe deduplicates POST requests on the Idempotency-Key
// header for 24 hours; when a request carries no key, stripe-go makes up a
// fresh one for that call.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest creates and confirms a PaymentIntent against a saved card.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	OffSession      bool
	Metadata        map[string]string
	IdempotencyKey  string
}

// Charge is the outcome of a ChargeRequest.
type Charge struct {
	PaymentIntentID string
	Status          string
}

// RefundRequest refunds part or all of a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Refund is the outcome of a RefundRequest.
type Refund struct {
	RefundID string
	Status   string
}

// TransferRequest moves funds to a connected account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	TransferGroup      string
	Description        string
	Metadata           map[string]string
	IdempotencyKey     string
}

// Transfer is the outcome of a TransferRequest.
type Transfer struct {
	TransferID string
}

// Gateway is what the services use to move money.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (Charge, error)
	Refund(ctx context.Context, req RefundRequest) (Refund, error)
	Transfer(ctx context.Context, req TransferRequest) (Transfer, error)
	// FindTransfer returns the transfer already made in a transfer group,
	// or nil when there is none.
	FindTransfer(ctx context.Context, transferGroup string) (*Transfer, error)
}

type gateway struct {
	sc       *stripe.Client
	attempts uint
}

// New returns a Gateway using the given secret key.
func New(secretKey string) Gateway {
	return &gateway{sc: stripe.NewClient(secretKey), attempts: 3}
}

func (g *gateway) retryOpts(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(g.attempts),
		retry.Delay(500 * time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	}
}

func (g *gateway) Charge(ctx context.Context, req ChargeRequest) (Charge, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := retry.DoWithData(func() (*stripe.PaymentIntent, error) {
		return g.sc.V1PaymentIntents.Create(ctx, params)
	}, g.retryOpts(ctx)...)
	if err != nil {
		return Charge{}, fmt.Errorf("stripe payment intent: %w", err)
	}
	return Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *gateway) Refund(ctx context.Context, req RefundRequest) (Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := retry.DoWithData(func() (*stripe.Refund, error) {
		return g.sc.V1Refunds.Create(ctx, params)
	}, g.retryOpts(ctx)...)
	if err != nil {
		return Refund{}, fmt.Errorf("stripe refund: %w", err)
	}
	return Refund{RefundID: r.ID, Status: string(r.Status)}, nil
}

func (g *gateway) Transfer(ctx context.Context, req TransferRequest) (Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
		Description:   stripe.String(req.Description),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	t, err := retry.DoWithData(func() (*stripe.Transfer, error) {
		return g.sc.V1Transfers.Create(ctx, params)
	}, g.retryOpts(ctx)...)
	if err != nil {
		return Transfer{}, fmt.Errorf("stripe transfer: %w", err)
	}
	return Transfer{TransferID: t.ID}, nil
}

func (g *gateway) FindTransfer(ctx context.Context, transferGroup string) (*Transfer, error) {
	params := &stripe.TransferListParams{TransferGroup: stripe.String(transferGroup)}
	params.Limit = stripe.Int64(1)
	for t, err := range g.sc.V1Transfers.List(ctx, params) {
		if err != nil {
			return nil, fmt.Errorf("stripe list transfers: %w", err)
		}
		return &Transfer{TransferID: t.ID}, nil
	}
	return nil, nil
}

// IsCardError reports whether err is a decline rather than an outage.
func IsCardError(err error) bool {
	var se *stripe.Error
	return errors.As(err, &se) && se.Type == stripe.ErrorTypeCard
}

func retryable(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500
	}
	return !errors.Is(err, context.Canceled)
}
