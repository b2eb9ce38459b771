// Package stripepay adapts stripe-go to ports.PaymentGateway and verifies
// Stripe webhook signatures.
package stripepay

import (
	"context"
	"errors"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

type Config struct {
	SecretKey     string
	WebhookSecret string
}

type Gateway struct {
	sc *stripe.Client
}

func NewGateway(cfg Config) *Gateway {
	return &Gateway{sc: stripe.NewClient(cfg.SecretKey)}
}

// CreateIntent creates and confirms a PaymentIntent with the given payment
// method. The request's IdempotencyKey, when present, is sent as Stripe's
// Idempotency-Key header.
func (g *Gateway) CreateIntent(ctx context.Context, req ports.IntentRequest) (ports.IntentResult, error) {
	const op errs.Op = "stripe.CreateIntent"
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled:        stripe.Bool(true),
			AllowRedirects: stripe.String(string(stripe.PaymentIntentAutomaticPaymentMethodsAllowRedirectsNever)),
		},
	}
	if req.CaptureManual {
		params.CaptureMethod = stripe.String(string(stripe.PaymentIntentCaptureMethodManual))
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return ports.IntentResult{}, classify(op, err)
	}
	return ports.IntentResult{ID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *Gateway) Refund(ctx context.Context, req ports.RefundRequest) (ports.RefundResult, error) {
	const op errs.Op = "stripe.Refund"
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
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return ports.RefundResult{}, classify(op, err)
	}
	return ports.RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

func classify(op errs.Op, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch se.Type {
		case stripe.ErrorTypeCard:
			return errs.E(op, errs.Precondition, string(se.Code), err)
		case stripe.ErrorTypeInvalidRequest:
			if se.Code == stripe.ErrorCodeIdempotencyKeyInUse {
				return errs.E(op, errs.Conflict, err)
			}
			return errs.E(op, errs.Invalid, err)
		case stripe.ErrorTypeIdempotency:
			return errs.E(op, errs.Conflict, err)
		}
		if se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500 {
			return errs.E(op, errs.Unavailable, err)
		}
	}
	return errs.E(op, errs.Unavailable, err)
}

// Verifier checks Stripe-Signature headers.
type Verifier struct {
	secret string
}

func NewVerifier(cfg Config) *Verifier { return &Verifier{secret: cfg.WebhookSecret} }

func (v *Verifier) Verify(payload []byte, sigHeader string) (stripe.Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, sigHeader, v.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return stripe.Event{}, errs.E(errs.Op("stripe.Verify"), errs.Unauthorized, err)
	}
	return ev, nil
}
