// Package stripeconnect wraps the Stripe Connect calls courierpay makes:
// transfers to couriers' connected accounts and transfer reversals.
package stripeconnect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
)

// TransferInput describes a transfer from the platform balance to a courier.
type TransferInput struct {
	Destination   string // connected account, acct_...
	AmountCents   int64
	Currency      string
	Description   string
	TransferGroup string
	Metadata      map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	// Stripe returns the original transfer for a repeated key within 24h.
	IdempotencyKey string
}

// Transfer is the subset of stripe.Transfer callers use.
type Transfer struct {
	ID          string
	AmountCents int64
	Destination string
	Reversed    bool
}

// ReversalInput describes a (possibly partial) reversal of a transfer.
type ReversalInput struct {
	TransferID     string
	AmountCents    int64
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// Reversal is the subset of stripe.TransferReversal callers use.
type Reversal struct {
	ID          string
	TransferID  string
	AmountCents int64
}

// Client is the interface services depend on.
type Client interface {
	Transfer(ctx context.Context, in TransferInput) (Transfer, error)
	Reverse(ctx context.Context, in ReversalInput) (Reversal, error)
}

type sdkClient struct {
	sc  *stripe.Client
	log *slog.Logger
}

// New builds a Client on stripe-go's v82 client. Network-level retries are
// left to the SDK, which reuses the idempotency key across them.
func New(cfg config.Config, log *slog.Logger) Client {
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(2),
	})
	return &sdkClient{
		sc:  stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(backends)),
		log: log.With("provider", "stripe"),
	}
}

func (c *sdkClient) Transfer(ctx context.Context, in TransferInput) (Transfer, error) {
	if in.AmountCents <= 0 {
		return Transfer{}, fmt.Errorf("stripeconnect: transfer amount must be positive, got %d", in.AmountCents)
	}
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Destination: stripe.String(in.Destination),
	}
	if in.Description != "" {
		params.Description = stripe.String(in.Description)
	}
	if in.TransferGroup != "" {
		params.TransferGroup = stripe.String(in.TransferGroup)
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return Transfer{}, wrap("create transfer", err)
	}
	c.log.Info("transfer created", "transfer", t.ID, "destination", in.Destination, "amount", t.Amount)
	out := Transfer{ID: t.ID, AmountCents: t.Amount, Reversed: t.Reversed}
	if t.Destination != nil {
		out.Destination = t.Destination.ID
	}
	return out, nil
}

func (c *sdkClient) Reverse(ctx context.Context, in ReversalInput) (Reversal, error) {
	params := &stripe.TransferReversalCreateParams{
		ID:     stripe.String(in.TransferID),
		Amount: stripe.Int64(in.AmountCents),
	}
	if in.Description != "" {
		params.Description = stripe.String(in.Description)
	}
	for k, v := range in.Metadata {
		params.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	r, err := c.sc.V1TransferReversals.Create(ctx, params)
	if err != nil {
		return Reversal{}, wrap("reverse transfer", err)
	}
	c.log.Info("transfer reversed", "transfer", in.TransferID, "reversal", r.ID, "amount", r.Amount)
	return Reversal{ID: r.ID, TransferID: in.TransferID, AmountCents: r.Amount}, nil
}

// PermanentError is returned for Stripe errors a retry will not fix
// (invalid destination, insufficient platform balance, bad params).
type PermanentError struct {
	Op  string
	Err *stripe.Error
}

func (e *PermanentError) Error() string {
	return fmt.Sprintf("stripeconnect: %s: %s (%s)", e.Op, e.Err.Msg, e.Err.Code)
}

func (e *PermanentError) Unwrap() error { return e.Err }

// IsPermanent reports whether err is a PermanentError.
func IsPermanent(err error) bool {
	var pe *PermanentError
	return errors.As(err, &pe)
}

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeInvalidRequest && se.HTTPStatusCode < 500 {
		return &PermanentError{Op: op, Err: se}
	}
	return fmt.Errorf("stripeconnect: %s: %w", op, err)
}

// Module provides the Stripe client.
var Module = fx.Module("stripeconnect", fx.Provide(New))
