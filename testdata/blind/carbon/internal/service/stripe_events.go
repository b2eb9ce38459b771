package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/repo"
)

// StripeEvents applies Stripe webhook events.
type StripeEvents interface {
	HandlePlatform(ctx context.Context, ev stripe.Event) error
	HandleConnect(ctx context.Context, ev stripe.Event) error
}

type eventHandler func(ctx context.Context, ev stripe.Event) error

type stripeEvents struct {
	events   repo.Events
	orders   OrderService
	payouts  PayoutService
	platform map[stripe.EventType]eventHandler
	connect  map[stripe.EventType]eventHandler
	log      *slog.Logger
}

// NewStripeEvents returns the StripeEvents handler.
func NewStripeEvents(e repo.Events, o OrderService, p PayoutService, log *slog.Logger) StripeEvents {
	h := &stripeEvents{events: e, orders: o, payouts: p, log: log}
	h.platform = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     h.paymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: h.paymentFailed,
	}
	h.connect = map[stripe.EventType]eventHandler{
		stripe.EventTypeTransferReversed: h.transferReversed,
		stripe.EventTypeAccountUpdated:   h.accountUpdated,
	}
	return h
}

const (
	sourceStripe        = "stripe"
	sourceStripeConnect = "stripe-connect"
)

// HandlePlatform applies an event from the platform account.
func (h *stripeEvents) HandlePlatform(ctx context.Context, ev stripe.Event) error {
	seen, err := h.events.Seen(ctx, sourceStripe, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if fn, ok := h.platform[ev.Type]; ok {
		if err := fn(ctx, ev); err != nil {
			return fmt.Errorf("stripe %s %s: %w", ev.Type, ev.ID, err)
		}
	}
	return h.events.MarkSeen(ctx, sourceStripe, ev.ID)
}

// HandleConnect applies an event from a connected account. The event is
// claimed in the transaction that applies it.
func (h *stripeEvents) HandleConnect(ctx context.Context, ev stripe.Event) error {
	fn, ok := h.connect[ev.Type]
	if !ok {
		return nil
	}
	return db.Transaction(ctx, func(ctx context.Context) error {
		first, err := h.events.Claim(ctx, sourceStripeConnect, ev.ID)
		if err != nil || !first {
			return err
		}
		return fn(ctx, ev)
	})
}

func decodeObject[T any](ev stripe.Event) (*T, error) {
	var v T
	if ev.Data == nil {
		return nil, fmt.Errorf("event %s has no data", ev.ID)
	}
	if err := json.Unmarshal(ev.Data.Raw, &v); err != nil {
		return nil, fmt.Errorf("event %s: %w", ev.ID, err)
	}
	return &v, nil
}

func (h *stripeEvents) paymentSucceeded(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	return h.orders.MarkPaid(ctx, pi.ID, time.Unix(ev.Created, 0).UTC())
}

func (h *stripeEvents) paymentFailed(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	msg := ""
	if pi.LastPaymentError != nil {
		msg = pi.LastPaymentError.Msg
	}
	h.log.InfoContext(ctx, "payment failed", "payment_intent", pi.ID, "reason", msg)
	return nil
}

func (h *stripeEvents) transferReversed(ctx context.Context, ev stripe.Event) error {
	tr, err := decodeObject[stripe.Transfer](ev)
	if err != nil {
		return err
	}
	return h.payouts.Reverse(ctx, tr.ID)
}

func (h *stripeEvents) accountUpdated(ctx context.Context, ev stripe.Event) error {
	acct, err := decodeObject[stripe.Account](ev)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "connected account updated", "account", acct.ID, "payouts_enabled", acct.PayoutsEnabled)
	return nil
}
