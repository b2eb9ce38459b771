package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/scriptline/refills/internal/service"
)

type stripeHandler func(ctx context.Context, evt stripe.Event) error

// StripeWebhook receives Stripe events. Stripe resends an event until it
// gets a 2xx, for up to three days.
type StripeWebhook struct {
	secret   string
	events   service.StripeEventService
	handlers map[stripe.EventType]stripeHandler
}

func NewStripeWebhook(secret StripeWebhookSecret, events service.StripeEventService) *StripeWebhook {
	w := &StripeWebhook{secret: string(secret), events: events}
	w.handlers = map[stripe.EventType]stripeHandler{
		stripe.EventTypePaymentIntentSucceeded:     w.paymentIntentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: w.paymentIntentFailed,
		stripe.EventTypeChargeRefunded:             w.chargeRefunded,
		stripe.EventTypeChargeDisputeCreated:       w.disputeCreated,
	}
	return w
}

// StripeWebhookSecret is the endpoint's signing secret.
type StripeWebhookSecret string

// Handle handles POST /webhooks/stripe.
func (w *StripeWebhook) Handle(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	evt, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), w.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	h, ok := w.handlers[evt.Type]
	if !ok {
		return c.NoContent(http.StatusOK)
	}
	if err := h(c.Request().Context(), evt); err != nil {
		c.Logger().Errorf("stripe event %s (%s): %v", evt.ID, evt.Type, err)
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusOK)
}

func decodeObject[T any](evt stripe.Event) (*T, error) {
	var out T
	if evt.Data == nil {
		return nil, fmt.Errorf("stripe event %s has no data", evt.ID)
	}
	if err := json.Unmarshal(evt.Data.Raw, &out); err != nil {
		return nil, fmt.Errorf("decode %s: %w", evt.Type, err)
	}
	return &out, nil
}

func (w *StripeWebhook) paymentIntentSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	return w.events.PaymentSucceeded(ctx, service.PaymentIntentEvent{
		EventID:     evt.ID,
		Type:        string(evt.Type),
		IntentID:    pi.ID,
		AmountCents: pi.AmountReceived,
	})
}

func (w *StripeWebhook) paymentIntentFailed(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	code := ""
	if pi.LastPaymentError != nil {
		code = string(pi.LastPaymentError.DeclineCode)
		if code == "" {
			code = string(pi.LastPaymentError.Code)
		}
	}
	return w.events.PaymentFailed(ctx, service.PaymentIntentEvent{
		EventID:     evt.ID,
		Type:        string(evt.Type),
		IntentID:    pi.ID,
		AmountCents: pi.Amount,
		FailureCode: code,
	})
}

func (w *StripeWebhook) chargeRefunded(ctx context.Context, evt stripe.Event) error {
	ch, err := decodeObject[stripe.Charge](evt)
	if err != nil {
		return err
	}
	if ch.PaymentIntent == nil || ch.Refunds == nil || len(ch.Refunds.Data) == 0 {
		return nil
	}
	// Refunds are listed newest first; the event is about the newest one.
	latest := ch.Refunds.Data[0]
	return w.events.ChargeRefunded(ctx, service.ChargeRefundedEvent{
		EventID:     evt.ID,
		Type:        string(evt.Type),
		IntentID:    ch.PaymentIntent.ID,
		RefundID:    latest.ID,
		AmountCents: latest.Amount,
	})
}

func (w *StripeWebhook) disputeCreated(ctx context.Context, evt stripe.Event) error {
	d, err := decodeObject[stripe.Dispute](evt)
	if err != nil {
		return err
	}
	intentID := ""
	if d.PaymentIntent != nil {
		intentID = d.PaymentIntent.ID
	}
	return w.events.DisputeCreated(ctx, service.DisputeEvent{
		EventID:     evt.ID,
		Type:        string(evt.Type),
		DisputeID:   d.ID,
		IntentID:    intentID,
		AmountCents: d.Amount,
		Reason:      string(d.Reason),
	})
}
