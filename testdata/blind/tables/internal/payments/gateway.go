// Package payments wraps Stripe behind a small gateway interface.
package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is the subset of Stripe the reservation platform uses.
type Gateway interface {
	AuthorizeDeposit(ctx context.Context, in DepositCharge, opts ...Option) (*Charge, error)
	ChargeOffSession(ctx context.Context, in OffSessionCharge, opts ...Option) (*Charge, error)
	Refund(ctx context.Context, in RefundRequest, opts ...Option) (*RefundResult, error)
	Transfer(ctx context.Context, in TransferRequest, opts ...Option) (*TransferResult, error)
	CreateConnectedAccount(ctx context.Context, in AccountRequest, opts ...Option) (*Account, error)
}

type DepositCharge struct {
	AmountCents   int64
	Currency      string
	CustomerID    string
	PaymentMethod string
}

type OffSessionCharge struct {
	AmountCents   int64
	Currency      string
	CustomerID    string
	PaymentMethod string
}

type Charge struct {
	PaymentIntentID string
	Status          string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
}

type RefundResult struct {
	RefundID string
	Status   string
}

type TransferRequest struct {
	AmountCents        int64
	Currency           string
	DestinationAccount string
	TransferGroup      string
}

type TransferResult struct {
	TransferID string
}

type AccountRequest struct {
	Country      string
	Email        string
	BusinessName string
}

type Account struct {
	ID string
}

// ErrCardDeclined is returned when Stripe declines the payment method.
var ErrCardDeclined = errors.New("payments: card declined")

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	sc  *stripe.Client
	log *slog.Logger
}

func NewStripeGateway(secretKey string, log *slog.Logger) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey), log: log}
}

func apply(p *stripe.Params, o callOptions) {
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
	if o.onBehalfOf != "" {
		p.SetStripeAccount(o.onBehalfOf)
	}
	for k, v := range o.metadata {
		p.AddMetadata(k, v)
	}
}

func (g *StripeGateway) AuthorizeDeposit(ctx context.Context, in DepositCharge, opts ...Option) (*Charge, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethod),
		Confirm:       stripe.Bool(true),
	}
	if o.description != "" {
		params.Description = stripe.String(o.description)
	}
	apply(&params.Params, o)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *StripeGateway) ChargeOffSession(ctx context.Context, in OffSessionCharge, opts ...Option) (*Charge, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethod),
		OffSession:    stripe.Bool(true),
		Confirm:       stripe.Bool(true),
	}
	if o.description != "" {
		params.Description = stripe.String(o.description)
	}
	apply(&params.Params, o)

	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Charge{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, in RefundRequest, opts ...Option) (*RefundResult, error) {
	o := collect(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
	}
	if in.Reason != "" {
		params.Reason = stripe.String(in.Reason)
	}
	apply(&params.Params, o)

	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{RefundID: r.ID, Status: string(r.Status)}, nil
}

func (g *StripeGateway) Transfer(ctx context.Context, in TransferRequest, opts ...Option) (*TransferResult, error) {
	o := collect(opts)
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Destination: stripe.String(in.DestinationAccount),
	}
	if in.TransferGroup != "" {
		params.TransferGroup = stripe.String(in.TransferGroup)
	}
	if o.description != "" {
		params.Description = stripe.String(o.description)
	}
	apply(&params.Params, o)

	t, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &TransferResult{TransferID: t.ID}, nil
}

func (g *StripeGateway) CreateConnectedAccount(ctx context.Context, in AccountRequest, opts ...Option) (*Account, error) {
	o := collect(opts)
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Country: stripe.String(in.Country),
		Email:   stripe.String(in.Email),
		BusinessProfile: &stripe.AccountCreateBusinessProfileParams{
			Name: stripe.String(in.BusinessName),
		},
	}
	apply(&params.Params, o)

	a, err := g.sc.V1Accounts.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Account{ID: a.ID}, nil
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return fmt.Errorf("payments: stripe %s (%s): %w", se.Code, se.RequestID, err)
	}
	return fmt.Errorf("payments: %w", err)
}
