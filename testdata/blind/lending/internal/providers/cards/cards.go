// Package cards wraps the card processor (Stripe) behind a small interface.
package cards

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"
)

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header.
	IdempotencyKey string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
	DeclineCode     string
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type RefundResult struct {
	RefundID string
	Status   string
}

// Processor charges and refunds cards.
type Processor interface {
	Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

type StripeProcessor struct {
	sc *stripe.Client
}

func NewStripe(secretKey string) *StripeProcessor {
	return &StripeProcessor{sc: stripe.NewClient(secretKey)}
}

func (p *StripeProcessor) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := p.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return &ChargeResult{Status: "declined", DeclineCode: string(se.DeclineCode)}, nil
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (p *StripeProcessor) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
		Metadata:      req.Metadata,
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := p.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create refund: %w", err)
	}
	return &RefundResult{RefundID: r.ID, Status: string(r.Status)}, nil
}

// WithRetry decorates a Processor so that transient failures (network,
// 5xx, rate limits) are retried with the same request.
func WithRetry(next Processor, attempts uint, log *zap.Logger) Processor {
	return &retrying{next: next, attempts: attempts, log: log}
}

type retrying struct {
	next     Processor
	attempts uint
	log      *zap.Logger
}

func (r *retrying) opts(ctx context.Context, op string) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(r.attempts),
		retry.Delay(200 * time.Millisecond),
		retry.LastErrorOnly(true),
		retry.RetryIf(isTransient),
		retry.OnRetry(func(n uint, err error) {
			r.log.Warn("card processor retry", zap.String("op", op), zap.Uint("attempt", n+1), zap.Error(err))
		}),
	}
}

func (r *retrying) Charge(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	return retry.DoWithData(func() (*ChargeResult, error) {
		return r.next.Charge(ctx, req)
	}, r.opts(ctx, "charge")...)
}

func (r *retrying) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	return retry.DoWithData(func() (*RefundResult, error) {
		return r.next.Refund(ctx, req)
	}, r.opts(ctx, "refund")...)
}

func isTransient(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500
	}
	return !errors.Is(err, context.Canceled)
}
