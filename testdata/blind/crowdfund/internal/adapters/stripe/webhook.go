package stripe

import (
	"encoding/json"
	"fmt"
	"time"

	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

// EventParser verifies Stripe's signature and flattens the payload into a
// domain.PaymentEvent.
type EventParser struct {
	secret string
}

func NewEventParser(cfg config.Config) *EventParser {
	return &EventParser{secret: cfg.StripeWebhookSecret}
}

func (p *EventParser) Parse(payload []byte, signature string) (domain.PaymentEvent, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, signature, p.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return domain.PaymentEvent{}, fmt.Errorf("stripe webhook: %w", err)
	}
	out := domain.PaymentEvent{
		ID:      evt.ID,
		Type:    string(evt.Type),
		Created: time.Unix(evt.Created, 0).UTC(),
	}
	if evt.Data == nil {
		return out, nil
	}

	switch evt.Type {
	case stripe.EventTypePaymentIntentAmountCapturableUpdated,
		stripe.EventTypePaymentIntentPaymentFailed,
		stripe.EventTypePaymentIntentCanceled:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return out, err
		}
		out.PaymentIntentID = pi.ID
		out.AmountCents = pi.AmountCapturable
		out.Status = string(pi.Status)
	case stripe.EventTypeChargeRefunded:
		var ch stripe.Charge
		if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
			return out, err
		}
		if ch.PaymentIntent != nil {
			out.PaymentIntentID = ch.PaymentIntent.ID
		}
		out.AmountCents = ch.Amount
		out.RefundedCents = ch.AmountRefunded
	case stripe.EventTypeChargeDisputeCreated, stripe.EventTypeChargeDisputeClosed:
		var d stripe.Dispute
		if err := json.Unmarshal(evt.Data.Raw, &d); err != nil {
			return out, err
		}
		out.DisputeID = d.ID
		out.AmountCents = d.Amount
		out.Reason = string(d.Reason)
		out.Status = string(d.Status)
		if d.PaymentIntent != nil {
			out.PaymentIntentID = d.PaymentIntent.ID
		}
	}
	return out, nil
}
