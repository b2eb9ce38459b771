package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"

	"github.com/cityparking/parking/internal/config"
)

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	client   *stripe.Client
	attempts uint
	delay    time.Duration
	prefix   string
}

// GatewayOption configures a StripeGateway.
type GatewayOption func(*StripeGateway)

func WithRetryAttempts(n uint) GatewayOption { return func(g *StripeGateway) { g.attempts = n } }

func WithRetryDelay(d time.Duration) GatewayOption { return func(g *StripeGateway) { g.delay = d } }

// WithDescriptorPrefix is prepended to every statement descriptor suffix.
func WithDescriptorPrefix(p string) GatewayOption { return func(g *StripeGateway) { g.prefix = p } }

func NewStripeGateway(client *stripe.Client, opts ...GatewayOption) *StripeGateway {
	g := &StripeGateway{client: client, attempts: 3, delay: 250 * time.Millisecond}
	for _, o := range opts {
		o(g)
	}
	return g
}

// ProvideGateway is the wire provider used by both binaries.
func ProvideGateway(cfg *config.Config) Gateway {
	return NewStripeGateway(stripe.NewClient(cfg.StripeKey),
		WithRetryAttempts(3),
		WithRetryDelay(300*time.Millisecond),
		WithDescriptorPrefix("CITYPARK"),
	)
}

func (g *StripeGateway) retryOpts(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(g.attempts),
		retry.Delay(g.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(isTransient),
	}
}

func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	call := buildCall(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if call.descriptor != "" {
		params.StatementDescriptorSuffix = stripe.String(g.descriptor(call.descriptor))
	}
	for k, v := range call.metadata {
		params.AddMetadata(k, v)
	}
	if call.idempotencyKey != "" {
		params.SetIdempotencyKey(call.idempotencyKey)
	}

	pi, err := retry.DoWithData(func() (*stripe.PaymentIntent, error) {
		return g.client.V1PaymentIntents.Create(ctx, params)
	}, g.retryOpts(ctx)...)
	if err != nil {
		return nil, translate(err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	call := buildCall(opts)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for k, v := range call.metadata {
		params.AddMetadata(k, v)
	}
	if call.idempotencyKey != "" {
		params.SetIdempotencyKey(call.idempotencyKey)
	}

	rf, err := retry.DoWithData(func() (*stripe.Refund, error) {
		return g.client.V1Refunds.Create(ctx, params)
	}, g.retryOpts(ctx)...)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

func (g *StripeGateway) descriptor(s string) string {
	d := s
	if g.prefix != "" {
		d = g.prefix + " " + s
	}
	if len(d) > 22 {
		d = d[:22]
	}
	return d
}

func isTransient(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500 ||
			se.Type == stripe.ErrorTypeAPI
	}
	// network errors and timeouts surface as plain errors
	return !errors.Is(err, context.Canceled)
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch {
		case se.Code == stripe.ErrorCodeCardDeclined:
			return fmt.Errorf("%w: %s", ErrDeclined, se.DeclineCode)
		case se.Code == stripe.ErrorCodeAuthenticationRequired:
			return ErrAuthenticationRequired
		}
	}
	return fmt.Errorf("payments: %w", err)
}
