// Package stripepay takes card payments through Stripe using stripe-go.
//
// Stripe deduplicates every POST by its Idempotency-Key header: a repeat of
// a key within 24 hours returns the original response instead of creating a
// second PaymentIntent or Refund. stripe-go only generates a key of its own
// for its internal network retries, so callers pass one per business action.
package stripepay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/ironvault/pawnline/internal/domain"
)

type Client struct {
	sc *stripe.Client
}

// New builds a client for the given secret key.
func New(secretKey string) *Client {
	return &Client{sc: stripe.NewClient(secretKey)}
}

// Charge creates and confirms a PaymentIntent for a card-on-file or
// terminal-collected payment method.
func (c *Client) Charge(ctx context.Context, req domain.ChargeRequest) (domain.ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(int64(req.Amount)),
		Currency:           stripe.String(string(stripe.CurrencyUSD)),
		PaymentMethod:      stripe.String(req.PaymentMethodID),
		PaymentMethodTypes: stripe.StringSlice([]string{"card", "card_present"}),
		Confirm:            stripe.Bool(true),
		Description:        stripe.String(req.Description),
	}
	if req.CustomerRef != "" {
		params.Customer = stripe.String(req.CustomerRef)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return domain.ChargeResult{}, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, se.Msg)
		}
		return domain.ChargeResult{}, err
	}
	if pi.Status != stripe.PaymentIntentStatusSucceeded {
		return domain.ChargeResult{}, fmt.Errorf("%w: payment intent %s is %s", domain.ErrPaymentDeclined, pi.ID, pi.Status)
	}
	out := domain.ChargeResult{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		Amount:          domain.Cents(pi.AmountReceived),
	}
	if pi.LatestCharge != nil {
		out.ChargeID = pi.LatestCharge.ID
	}
	return out, nil
}

// Refund returns money on a PaymentIntent.
func (c *Client) Refund(ctx context.Context, req domain.RefundRequest) (domain.RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
	}
	if req.Amount > 0 {
		params.Amount = stripe.Int64(int64(req.Amount))
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return domain.RefundResult{}, err
	}
	return domain.RefundResult{RefundID: rf.ID, Status: string(rf.Status)}, nil
}

// EventParser verifies Stripe-Signature and flattens the events we act on.
type EventParser struct {
	secret string
}

func NewEventParser(secret string) *EventParser { return &EventParser{secret: secret} }

func (p *EventParser) Parse(payload []byte, signature string) (domain.StripeEvent, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, p.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return domain.StripeEvent{}, fmt.Errorf("verify stripe event: %w", err)
	}
	out := domain.StripeEvent{
		ID:      ev.ID,
		Type:    string(ev.Type),
		Created: time.Unix(ev.Created, 0).UTC(),
	}
	switch ev.Type {
	case "payment_intent.succeeded":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return out, fmt.Errorf("decode payment intent: %w", err)
		}
		out.PaymentIntentID = pi.ID
		out.Amount = domain.Cents(pi.AmountReceived)
		out.Metadata = pi.Metadata
		if pi.LatestCharge != nil {
			out.ChargeID = pi.LatestCharge.ID
		}
	case "charge.refunded":
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return out, fmt.Errorf("decode charge: %w", err)
		}
		out.ChargeID = ch.ID
		out.Amount = domain.Cents(ch.AmountRefunded)
		out.Metadata = ch.Metadata
		if ch.PaymentIntent != nil {
			out.PaymentIntentID = ch.PaymentIntent.ID
		}
	}
	return out, nil
}
