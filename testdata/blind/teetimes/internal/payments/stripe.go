package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
)

// Module provides the Stripe-backed Client.
var Module = fx.Module("payments",
	fx.Provide(
		fx.Annotate(NewStripeClient, fx.As(new(Client))),
	),
)

type stripeClient struct {
	sc       *stripe.Client
	currency string
	attempts uint
	log      *zap.Logger
}

// NewStripeClient builds a Client on stripe-go. The SDK's own network
// retries are switched off; retries are governed here so they are logged
// and bounded in one place.
func NewStripeClient(cfg *config.Config, log *zap.Logger) *stripeClient {
	noRetries := int64(0)
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: &noRetries,
		HTTPClient:        &http.Client{Timeout: 30 * time.Second},
	})
	return &stripeClient{
		sc:       stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(backends)),
		currency: cfg.DefaultCurrency,
		attempts: cfg.ProviderRetryAttempt,
		log:      log.Named("stripe"),
	}
}

func (c *stripeClient) CreatePaymentIntent(ctx context.Context, req PaymentIntentRequest) (*PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(req.AmountCents),
		Currency: stripe.String(c.currencyOr(req.Currency)),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	if req.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(req.ReceiptEmail)
	}
	if req.OffSessionPaymentMethod != "" {
		params.PaymentMethod = stripe.String(req.OffSessionPaymentMethod)
		params.Confirm = stripe.Bool(true)
		params.OffSession = stripe.Bool(true)
		params.AutomaticPaymentMethods = nil
		params.PaymentMethodTypes = []*string{stripe.String("card")}
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := withRetry(ctx, c, "payment_intent.create", func() (*stripe.PaymentIntent, error) {
		return c.sc.V1PaymentIntents.Create(ctx, params)
	})
	if err != nil {
		return nil, err
	}
	return &PaymentIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), AmountCents: pi.Amount}, nil
}

func (c *stripeClient) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
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
	r, err := withRetry(ctx, c, "refund.create", func() (*stripe.Refund, error) {
		return c.sc.V1Refunds.Create(ctx, params)
	})
	if err != nil {
		return nil, err
	}
	return &Refund{ID: r.ID, Status: string(r.Status), AmountCents: r.Amount}, nil
}

func (c *stripeClient) Transfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(c.currencyOr(req.Currency)),
		Destination: stripe.String(req.DestinationAccount),
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	if req.Description != "" {
		params.Description = stripe.String(req.Description)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	t, err := withRetry(ctx, c, "transfer.create", func() (*stripe.Transfer, error) {
		return c.sc.V1Transfers.Create(ctx, params)
	})
	if err != nil {
		return nil, err
	}
	return &Transfer{ID: t.ID, AmountCents: t.Amount}, nil
}

func (c *stripeClient) currencyOr(cur string) string {
	if cur != "" {
		return cur
	}
	return c.currency
}

// withRetry runs op with exponential back-off, retrying only failures that
// Stripe documents as transient (network errors, 409 lock timeouts, 429
// and 5xx).
func withRetry[T any](ctx context.Context, c *stripeClient, op string, fn func() (T, error)) (T, error) {
	return retry.DoWithData(
		func() (T, error) {
			out, err := fn()
			if err != nil && !isRetryable(err) {
				return out, retry.Unrecoverable(classify(err))
			}
			return out, err
		},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(200*time.Millisecond),
		retry.MaxDelay(3*time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.OnRetry(func(n uint, err error) {
			c.log.Warn("retrying stripe call", zap.String("op", op), zap.Uint("attempt", n+1), zap.Error(err))
		}),
	)
}

func isRetryable(err error) bool {
	var se *stripe.Error
	if !errors.As(err, &se) {
		// Transport-level failure: the request may or may not have landed.
		return true
	}
	switch {
	case se.HTTPStatusCode == http.StatusConflict,
		se.HTTPStatusCode == http.StatusTooManyRequests,
		se.HTTPStatusCode >= 500:
		return true
	}
	return false
}

func classify(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrDeclined, se.Msg)
	}
	return err
}
