// Package payments wraps Stripe for off-session card charges and refunds.
//
// Stripe honours the Idempotency-Key header on every POST for 24 hours: a
// repeated key returns the first response instead of creating a second
// object. Callers pass the key with WithIdempotencyKey.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/wire"
	"github.com/stripe/stripe-go/v82"

	"github.com/vinoteca/wineclub/internal/config"
	"github.com/vinoteca/wineclub/internal/platform/metrics"
)

// ProviderSet is the payments provider set.
var ProviderSet = wire.NewSet(NewStripe, NewGateway)

// ChargeRequest describes an off-session charge.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	StatementSuffix string
	Metadata        map[string]string
}

// Intent is the outcome of a charge.
type Intent struct {
	ID          string
	Status      string
	FailureCode string
}

// Succeeded reports whether the intent settled.
func (i Intent) Succeeded() bool { return i.Status == string(stripe.PaymentIntentStatusSucceeded) }

// RefundResult is a created refund.
type RefundResult struct {
	ID     string
	Status string
	Amount int64
}

// CustomerRequest creates a Stripe customer.
type CustomerRequest struct {
	Email    string
	Name     string
	Phone    string
	MemberID string
}

// Gateway is what the services use.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Intent, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string, opts ...CallOption) (*RefundResult, error)
	CreateCustomer(ctx context.Context, req CustomerRequest, opts ...CallOption) (string, error)
}

type callOptions struct {
	idempotencyKey string
}

// CallOption adjusts a single Stripe call.
type CallOption func(*callOptions)

// WithIdempotencyKey sends key as the Idempotency-Key header.
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

// Stripe is the stripe-go backed Gateway.
type Stripe struct {
	sc *stripe.Client
}

// NewStripe builds the Stripe client.
func NewStripe(cfg config.Config) *Stripe {
	return &Stripe{sc: stripe.NewClient(cfg.StripeKey)}
}

// Charge creates and confirms an off-session PaymentIntent.
func (s *Stripe) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Intent, error) {
	o := collect(opts)
	currency := req.Currency
	if currency == "" {
		currency = string(stripe.CurrencyUSD)
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      req.Metadata,
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.StatementSuffix != "" {
		params.StatementDescriptorSuffix = stripe.String(req.StatementSuffix)
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			intent := &Intent{Status: "requires_payment_method", FailureCode: string(se.Code)}
			if se.PaymentIntent != nil {
				intent.ID = se.PaymentIntent.ID
			}
			return intent, nil
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status)}, nil
}

// Refund refunds part or all of a PaymentIntent.
func (s *Stripe) Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string, opts ...CallOption) (*RefundResult, error) {
	o := collect(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Metadata:      map[string]string{"reason": reason},
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	r, err := s.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status), Amount: r.Amount}, nil
}

// CreateCustomer creates the Stripe customer for a member.
func (s *Stripe) CreateCustomer(ctx context.Context, req CustomerRequest, opts ...CallOption) (string, error) {
	o := collect(opts)
	params := &stripe.CustomerCreateParams{
		Email:    stripe.String(req.Email),
		Name:     stripe.String(req.Name),
		Metadata: map[string]string{"member_id": req.MemberID},
	}
	if req.Phone != "" {
		params.Phone = stripe.String(req.Phone)
	}
	if o.idempotencyKey != "" {
		params.SetIdempotencyKey(o.idempotencyKey)
	}
	c, err := s.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return c.ID, nil
}

// instrumented decorates a Gateway with call metrics.
type instrumented struct {
	next Gateway
	reg  *metrics.Registry
}

// NewGateway returns the Stripe gateway wrapped with metrics.
func NewGateway(s *Stripe, reg *metrics.Registry) Gateway {
	return &instrumented{next: s, reg: reg}
}

func (g *instrumented) observe(op string, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	g.reg.Counter("stripe_calls_total", op, outcome).Inc()
}

func (g *instrumented) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Intent, error) {
	in, err := g.next.Charge(ctx, req, opts...)
	g.observe("charge", err)
	return in, err
}

func (g *instrumented) Refund(ctx context.Context, pi string, amount int64, reason string, opts ...CallOption) (*RefundResult, error) {
	r, err := g.next.Refund(ctx, pi, amount, reason, opts...)
	g.observe("refund", err)
	return r, err
}

func (g *instrumented) CreateCustomer(ctx context.Context, req CustomerRequest, opts ...CallOption) (string, error) {
	id, err := g.next.CreateCustomer(ctx, req, opts...)
	g.observe("customer", err)
	return id, err
}
