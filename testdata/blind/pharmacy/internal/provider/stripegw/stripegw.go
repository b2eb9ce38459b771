// Package stripegw wraps stripe-go behind the narrow surface the services
// need, so that they can be tested with a fake and so that every call goes
// through the same option plumbing.
package stripegw

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is the payment provider as seen by the rest of the codebase.
type Gateway interface {
	CreateCustomer(ctx context.Context, in CustomerInput, opts ...CallOption) (string, error)
	CreatePaymentIntent(ctx context.Context, in PaymentIntentInput, opts ...CallOption) (*Intent, error)
	Refund(ctx context.Context, in RefundInput) (*RefundResult, error)
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// CallOption tweaks a single request.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	stripeAccount  string
}

// WithIdempotencyKey sets Stripe's Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithAccount routes the call to a connected account.
func WithAccount(acct string) CallOption {
	return func(o *callOptions) { o.stripeAccount = acct }
}

func collect(opts []CallOption) callOptions {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

func (o callOptions) apply(p *stripe.Params) {
	if o.idempotencyKey != "" {
		p.SetIdempotencyKey(o.idempotencyKey)
	}
	if o.stripeAccount != "" {
		p.SetStripeAccount(o.stripeAccount)
	}
}

// CustomerInput describes a Stripe customer for a patient.
type CustomerInput struct {
	PatientID string
	Name      string
	Email     string
	Phone     string
}

// PaymentIntentInput describes an off-session copay charge.
type PaymentIntentInput struct {
	OrderID       string
	PaymentID     string
	CustomerID    string
	PaymentMethod string
	AmountCents   int64
	Currency      string
	Description   string
}

// Intent is the subset of a PaymentIntent the services look at.
type Intent struct {
	ID          string
	Status      string
	FailureCode string
}

// RefundInput describes a refund against a PaymentIntent. IdempotencyKey is
// forwarded to Stripe unchanged.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	OrderID         string
	IdempotencyKey  string
}

// RefundResult is what we persist after a refund.
type RefundResult struct {
	ID     string
	Status string
}

type client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New returns a Gateway backed by the Stripe API.
func New(apiKey, webhookSecret string) Gateway {
	return &client{sc: stripe.NewClient(apiKey), webhookSecret: webhookSecret}
}

func (c *client) CreateCustomer(ctx context.Context, in CustomerInput, opts ...CallOption) (string, error) {
	params := &stripe.CustomerCreateParams{
		Name:  stripe.String(in.Name),
		Phone: stripe.String(in.Phone),
	}
	if in.Email != "" {
		params.Email = stripe.String(in.Email)
	}
	params.AddMetadata("patient_id", in.PatientID)
	collect(opts).apply(&params.Params)

	cust, err := c.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", wrap("create customer", err)
	}
	return cust.ID, nil
}

func (c *client) CreatePaymentIntent(ctx context.Context, in PaymentIntentInput, opts ...CallOption) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethod),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(in.Description),
	}
	params.AddMetadata("order_id", in.OrderID)
	params.AddMetadata("payment_id", in.PaymentID)
	collect(opts).apply(&params.Params)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			out := &Intent{Status: "failed", FailureCode: string(se.Code)}
			if se.PaymentIntent != nil {
				out.ID = se.PaymentIntent.ID
			}
			return out, nil
		}
		return nil, wrap("create payment intent", err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status)}, nil
}

func (c *client) Refund(ctx context.Context, in RefundInput) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Amount:        stripe.Int64(in.AmountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.AddMetadata("order_id", in.OrderID)
	params.AddMetadata("reason_detail", in.Reason)
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, wrap("create refund", err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

func (c *client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	return stripe.ConstructEvent(payload, signature, c.webhookSecret)
}

// Error marks errors returned by Stripe, with Temporary() for retryx.
type Error struct {
	Op        string
	Err       error
	Retryable bool
}

func (e *Error) Error() string   { return fmt.Sprintf("stripe %s: %v", e.Op, e.Err) }
func (e *Error) Unwrap() error   { return e.Err }
func (e *Error) Temporary() bool { return e.Retryable }

func wrap(op string, err error) error {
	var se *stripe.Error
	retryable := true
	if errors.As(err, &se) {
		retryable = se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500
	}
	return &Error{Op: op, Err: err, Retryable: retryable}
}
