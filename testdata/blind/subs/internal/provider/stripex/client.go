// Package stripex wraps stripe-go with request builders, per-call options
// and bounded in-process retries for transient failures.
package stripex

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
)

type Config struct {
	SecretKey   string
	MaxAttempts uint
	BaseDelay   time.Duration
}

type Client struct {
	sc       *stripe.Client
	attempts uint
	delay    time.Duration
	log      *slog.Logger
}

func New(cfg Config, log *slog.Logger) *Client {
	attempts := cfg.MaxAttempts
	if attempts == 0 {
		attempts = 3
	}
	delay := cfg.BaseDelay
	if delay == 0 {
		delay = 200 * time.Millisecond
	}
	return &Client{
		sc:       stripe.NewClient(cfg.SecretKey),
		attempts: attempts,
		delay:    delay,
		log:      log.With("component", "stripex"),
	}
}

// CallOption configures a single API call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header Stripe uses to
// deduplicate POST requests for 24 hours.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithMetadata attaches a metadata pair to the created object.
func WithMetadata(k, v string) CallOption {
	return func(o *callOptions) {
		if o.metadata == nil {
			o.metadata = map[string]string{}
		}
		o.metadata[k] = v
	}
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
	for k, v := range o.metadata {
		p.AddMetadata(k, v)
	}
}

// DeclineError is returned when Stripe refuses a charge for a reason that
// retrying immediately will not fix.
type DeclineError struct {
	Code        string
	DeclineCode string
	Message     string
}

func (e *DeclineError) Error() string {
	return fmt.Sprintf("stripe: declined (%s/%s): %s", e.Code, e.DeclineCode, e.Message)
}

func classify(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return retry.Unrecoverable(&DeclineError{Code: string(se.Code), DeclineCode: string(se.DeclineCode), Message: se.Msg})
	}
	return err
}

func retryable(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500
	}
	var de *DeclineError
	return !errors.As(err, &de)
}

// call runs fn with bounded retries. The params (and therefore any
// idempotency key) are built once by the caller before call is entered.
func call[T any](ctx context.Context, c *Client, op string, fn func() (T, error)) (T, error) {
	return retry.DoWithData(
		func() (T, error) {
			v, err := fn()
			if err != nil {
				return v, classify(err)
			}
			return v, nil
		},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(c.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(retryable),
		retry.OnRetry(func(n uint, err error) {
			c.log.WarnContext(ctx, "stripe call failed, retrying", "op", op, "attempt", n+1, "err", err)
		}),
	)
}

func (c *Client) CreatePaymentIntent(ctx context.Context, b *ChargeBuilder, opts ...CallOption) (*stripe.PaymentIntent, error) {
	params := b.Build()
	collect(opts).apply(&params.Params)
	return call(ctx, c, "payment_intents.create", func() (*stripe.PaymentIntent, error) {
		return c.sc.V1PaymentIntents.Create(ctx, params)
	})
}

func (c *Client) CreateRefund(ctx context.Context, b *RefundBuilder, opts ...CallOption) (*stripe.Refund, error) {
	params := b.Build()
	collect(opts).apply(&params.Params)
	return call(ctx, c, "refunds.create", func() (*stripe.Refund, error) {
		return c.sc.V1Refunds.Create(ctx, params)
	})
}

type CustomerRequest struct {
	Email         string
	Name          string
	PaymentMethod string
	InternalID    string
}

func (c *Client) CreateCustomer(ctx context.Context, req CustomerRequest, opts ...CallOption) (*stripe.Customer, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(req.Email),
		Name:  stripe.String(req.Name),
	}
	if req.PaymentMethod != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethod)
		params.InvoiceSettings = &stripe.CustomerCreateInvoiceSettingsParams{
			DefaultPaymentMethod: stripe.String(req.PaymentMethod),
		}
	}
	params.AddMetadata("meterly_customer_id", req.InternalID)
	collect(opts).apply(&params.Params)
	return call(ctx, c, "customers.create", func() (*stripe.Customer, error) {
		return c.sc.V1Customers.Create(ctx, params)
	})
}
