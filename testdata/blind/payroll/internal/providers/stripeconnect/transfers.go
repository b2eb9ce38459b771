// Package stripeconnect wraps Stripe Connect transfers to employees'
// connected accounts.
package stripeconnect

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
)

type TransferInput struct {
	AmountCents    int64
	Currency       string
	Destination    string
	TransferGroup  string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

type Transfers struct {
	api *client.API
}

func New(secretKey string) *Transfers {
	sc := &client.API{}
	sc.Init(secretKey, nil)
	return &Transfers{api: sc}
}

func (t *Transfers) params(in TransferInput) *stripe.TransferParams {
	p := &stripe.TransferParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Destination:   stripe.String(in.Destination),
		TransferGroup: stripe.String(in.TransferGroup),
		Description:   stripe.String(in.Description),
	}
	for k, v := range in.Metadata {
		p.AddMetadata(k, v)
	}
	if in.IdempotencyKey != "" {
		p.SetIdempotencyKey(in.IdempotencyKey)
	}
	return p
}

// Create creates a transfer, retrying connection and rate-limit errors with
// exponential backoff.
func (t *Transfers) Create(ctx context.Context, in TransferInput) (*stripe.Transfer, error) {
	params := t.params(in)
	params.Context = ctx

	bo := backoff.WithContext(backoff.NewExponentialBackOff(
		backoff.WithInitialInterval(250*time.Millisecond),
		backoff.WithMaxElapsedTime(20*time.Second),
	), ctx)

	var out *stripe.Transfer
	err := backoff.Retry(func() error {
		tr, err := t.api.Transfers.New(params)
		if err == nil {
			out = tr
			return nil
		}
		var se *stripe.Error
		if errors.As(err, &se) {
			if se.HTTPStatusCode == 429 || se.Type == stripe.ErrorTypeAPI {
				return err
			}
			return backoff.Permanent(err)
		}
		return err
	}, bo)
	return out, err
}
