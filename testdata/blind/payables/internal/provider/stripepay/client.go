// Package stripepay wraps stripe-go for card payments to suppliers.
//
// Stripe honours the Idempotency-Key header on POST requests for 24 hours:
// a repeated key returns the first response.
package stripepay

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// CallOption adjusts the Params of a single Stripe request.
type CallOption func(*stripe.Params)

// IdempotencyKey sets the request's Idempotency-Key.
func IdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) { p.SetIdempotencyKey(key) }
}

// OnBehalfOf sends the request as a connected account.
func OnBehalfOf(accountID string) CallOption {
	return func(p *stripe.Params) { p.SetStripeAccount(accountID) }
}

func apply(p *stripe.Params, opts []CallOption) {
	for _, o := range opts {
		o(p)
	}
}

// CardCharge charges the tenant's card on file and routes the funds to the
// supplier's connected account.
type CardCharge struct {
	CustomerID         string
	PaymentMethodID    string
	AmountMinor        int64
	Currency           string
	DestinationAccount string
	Description        string
	Metadata           map[string]string
}

// PayoutTransfer moves platform balance to a supplier's connected account.
type PayoutTransfer struct {
	DestinationAccount string
	AmountMinor        int64
	Currency           string
	TransferGroup      string
	Metadata           map[string]string
}

// ConnectedAccount is the data needed to open an Express account for a supplier.
type ConnectedAccount struct {
	Email      string
	Country    string
	SupplierID string
	TenantID   string
}

// Payments is the Stripe surface the services depend on.
type Payments interface {
	ChargeCard(ctx context.Context, c CardCharge, opts ...CallOption) (*stripe.PaymentIntent, error)
	Transfer(ctx context.Context, t PayoutTransfer, opts ...CallOption) (*stripe.Transfer, error)
	CreateConnectedAccount(ctx context.Context, a ConnectedAccount, opts ...CallOption) (*stripe.Account, error)
}

// Client implements Payments.
type Client struct {
	sc *stripe.Client
}

// New returns a Client for the given secret key.
func New(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

func (c *Client) ChargeCard(ctx context.Context, ch CardCharge, opts ...CallOption) (*stripe.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(ch.AmountMinor),
		Currency:      stripe.String(ch.Currency),
		Customer:      stripe.String(ch.CustomerID),
		PaymentMethod: stripe.String(ch.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(ch.Description),
		Metadata:      ch.Metadata,
		TransferData: &stripe.PaymentIntentCreateTransferDataParams{
			Destination: stripe.String(ch.DestinationAccount),
		},
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return pi, nil
}

func (c *Client) Transfer(ctx context.Context, t PayoutTransfer, opts ...CallOption) (*stripe.Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(t.AmountMinor),
		Currency:      stripe.String(t.Currency),
		Destination:   stripe.String(t.DestinationAccount),
		TransferGroup: stripe.String(t.TransferGroup),
		Metadata:      t.Metadata,
	}
	apply(&params.Params, opts)
	tr, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create transfer: %w", err)
	}
	return tr, nil
}

func (c *Client) CreateConnectedAccount(ctx context.Context, a ConnectedAccount, opts ...CallOption) (*stripe.Account, error) {
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Email:   stripe.String(a.Email),
		Country: stripe.String(a.Country),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
		Metadata: map[string]string{"supplier_id": a.SupplierID, "tenant_id": a.TenantID},
	}
	apply(&params.Params, opts)
	acct, err := c.sc.V1Accounts.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create account: %w", err)
	}
	return acct, nil
}
