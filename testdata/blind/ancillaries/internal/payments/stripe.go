package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
)

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	client        *stripe.Client
	logger        *slog.Logger
	descriptor    string
	httpClient    *http.Client
	networkRetry  int64
	captureMethod string
}

// Option configures a StripeGateway.
type Option func(*StripeGateway)

// WithHTTPClient sets the HTTP client used by the Stripe backend.
func WithHTTPClient(c *http.Client) Option {
	return func(g *StripeGateway) { g.httpClient = c }
}

// WithNetworkRetries sets stripe-go's internal retry count.
func WithNetworkRetries(n int64) Option {
	return func(g *StripeGateway) { g.networkRetry = n }
}

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option {
	return func(g *StripeGateway) { g.logger = l }
}

// WithStatementDescriptor sets the statement descriptor suffix.
func WithStatementDescriptor(d string) Option {
	return func(g *StripeGateway) { g.descriptor = d }
}

// NewStripeGateway builds the Stripe adapter.
func NewStripeGateway(secretKey string, opts ...Option) *StripeGateway {
	g := &StripeGateway{
		logger:        slog.Default(),
		httpClient:    &http.Client{Timeout: 30 * time.Second},
		networkRetry:  2,
		captureMethod: "automatic",
	}
	for _, opt := range opts {
		opt(g)
	}
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		HTTPClient:        g.httpClient,
		MaxNetworkRetries: stripe.Int64(g.networkRetry),
	})
	g.client = stripe.NewClient(secretKey, stripe.WithBackends(backends))
	return g
}

func (g *StripeGateway) createParams(req IntentRequest) *stripe.PaymentIntentCreateParams {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.Amount),
		Currency:      stripe.String(req.Currency),
		CaptureMethod: stripe.String(g.captureMethod),
	}
	if req.Customer != "" {
		params.Customer = stripe.String(req.Customer)
	}
	if req.PaymentMethod != "" {
		params.PaymentMethod = stripe.String(req.PaymentMethod)
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	if g.descriptor != "" {
		params.StatementDescriptorSuffix = stripe.String(g.descriptor)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	return params
}

func (g *StripeGateway) CreateIntent(ctx context.Context, req IntentRequest) (Intent, error) {
	params := g.createParams(req)
	params.AutomaticPaymentMethods = &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
		Enabled: stripe.Bool(true),
	}
	pi, err := g.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, g.wrap("create intent", err)
	}
	return toIntent(pi), nil
}

func (g *StripeGateway) Charge(ctx context.Context, req IntentRequest) (Intent, error) {
	if req.Customer == "" || req.PaymentMethod == "" {
		return Intent{}, fmt.Errorf("payments: off-session charge needs a customer and payment method")
	}
	params := g.createParams(req)
	params.Confirm = stripe.Bool(true)
	params.OffSession = stripe.Bool(true)
	pi, err := g.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, g.wrap("charge", err)
	}
	return toIntent(pi), nil
}

func (g *StripeGateway) Confirm(ctx context.Context, id, paymentMethod, key string) (Intent, error) {
	params := &stripe.PaymentIntentConfirmParams{PaymentMethod: stripe.String(paymentMethod)}
	if key != "" {
		params.SetIdempotencyKey(key)
	}
	pi, err := g.client.V1PaymentIntents.Confirm(ctx, id, params)
	if err != nil {
		return Intent{}, g.wrap("confirm", err)
	}
	return toIntent(pi), nil
}

func (g *StripeGateway) Cancel(ctx context.Context, id, key string) (Intent, error) {
	params := &stripe.PaymentIntentCancelParams{CancellationReason: stripe.String("abandoned")}
	if key != "" {
		params.SetIdempotencyKey(key)
	}
	pi, err := g.client.V1PaymentIntents.Cancel(ctx, id, params)
	if err != nil {
		return Intent{}, g.wrap("cancel", err)
	}
	return toIntent(pi), nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.Amount),
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
	r, err := g.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, g.wrap("refund", err)
	}
	return RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

func (g *StripeGateway) wrap(op string, err error) error {
	var serr *stripe.Error
	if errors.As(err, &serr) {
		g.logger.Warn("stripe error", slog.String("op", op), slog.String("code", string(serr.Code)),
			slog.String("type", string(serr.Type)), slog.String("request_id", serr.RequestID))
		if serr.Code == stripe.ErrorCodeCardDeclined {
			return fmt.Errorf("%w: %s", ErrCardDeclined, serr.Msg)
		}
	}
	return fmt.Errorf("payments: %s: %w", op, err)
}

func toIntent(pi *stripe.PaymentIntent) Intent {
	return Intent{
		ID:             pi.ID,
		Status:         string(pi.Status),
		ClientSecret:   pi.ClientSecret,
		AmountReceived: pi.AmountReceived,
	}
}
