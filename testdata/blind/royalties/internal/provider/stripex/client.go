// Package stripex is the platform's thin wrapper around stripe-go for
// Connect: onboarding accounts, transferring statement balances to them and
// paying connected balances out to artists' banks.
package stripex

import (
	"context"
	"errors"
	"net"
	"net/http"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
)

// Connect is the subset of Stripe the royalty services use.
type Connect interface {
	CreateExpressAccount(ctx context.Context, req AccountRequest, opts ...CallOption) (string, error)
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (Transfer, error)
	CreatePayout(ctx context.Context, req PayoutRequest, opts ...CallOption) (Payout, error)
}

// AccountRequest describes a new Express account.
type AccountRequest struct {
	Email    string
	Country  string
	ArtistID string
}

// TransferRequest moves platform funds to a connected account.
type TransferRequest struct {
	AmountCents   int64
	Currency      string
	Destination   string
	TransferGroup string
	Description   string
	Metadata      map[string]string
}

// Transfer is the part of stripe.Transfer we keep.
type Transfer struct {
	ID          string
	AmountCents int64
	Currency    string
}

// PayoutRequest pays a connected account's balance out to its bank.
type PayoutRequest struct {
	Account     string
	AmountCents int64
	Currency    string
	Description string
	Metadata    map[string]string
}

// Payout is the part of stripe.Payout we keep.
type Payout struct {
	ID     string
	Status string
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises a single Stripe request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header for the request.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// Client implements Connect with stripe-go.
type Client struct {
	api *client.API
}

// New returns a Client for the given secret key. backends may be nil.
func New(secretKey string, backends *stripe.Backends) *Client {
	api := &client.API{}
	api.Init(secretKey, backends)
	return &Client{api: api}
}

func (o callOptions) apply(p *stripe.Params, ctx context.Context) {
	p.Context = ctx
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
}

// CreateExpressAccount implements Connect.
func (c *Client) CreateExpressAccount(ctx context.Context, req AccountRequest, opts ...CallOption) (string, error) {
	params := &stripe.AccountParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Email:   stripe.String(req.Email),
		Country: stripe.String(req.Country),
		Capabilities: &stripe.AccountCapabilitiesParams{
			Transfers: &stripe.AccountCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
	}
	params.AddMetadata("artist_id", req.ArtistID)
	collect(opts).apply(&params.Params, ctx)
	acct, err := c.api.Accounts.New(params)
	if err != nil {
		return "", err
	}
	return acct.ID, nil
}

// CreateTransfer implements Connect.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest, opts ...CallOption) (Transfer, error) {
	params := &stripe.TransferParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Destination: stripe.String(req.Destination),
		Metadata:    req.Metadata,
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	collect(opts).apply(&params.Params, ctx)
	t, err := c.api.Transfers.New(params)
	if err != nil {
		return Transfer{}, err
	}
	return Transfer{ID: t.ID, AmountCents: t.Amount, Currency: string(t.Currency)}, nil
}

// CreatePayout implements Connect.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest, opts ...CallOption) (Payout, error) {
	params := &stripe.PayoutParams{
		Amount:   stripe.Int64(req.AmountCents),
		Currency: stripe.String(req.Currency),
		Metadata: req.Metadata,
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	params.SetStripeAccount(req.Account)
	collect(opts).apply(&params.Params, ctx)
	p, err := c.api.Payouts.New(params)
	if err != nil {
		return Payout{}, err
	}
	return Payout{ID: p.ID, Status: string(p.Status)}, nil
}

// IsRetryable reports whether a Stripe error is transient: network
// failures, rate limiting and 5xx responses.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded)
}
