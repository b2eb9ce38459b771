package consumers

import (
	"context"
	"log/slog"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/loyalty"
	"github.com/freshpress/laundry/internal/store"
)

// Once skips events the consumer has already handled, using the shared
// processed_events inbox.
func Once(inbox store.Inbox, consumer string, h events.Handler[events.Envelope]) events.Handler[events.Envelope] {
	return func(ctx context.Context, env events.Envelope) error {
		seen, err := inbox.Seen(ctx, consumer, env.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := h(ctx, env); err != nil {
			return err
		}
		return inbox.Mark(ctx, consumer, env.ID)
	}
}

type loyaltyHandlers struct {
	svc *loyalty.Service
	log *slog.Logger
}

func (h *loyaltyHandlers) earn(ctx context.Context, env events.Envelope, d events.PaymentCapturedData) error {
	oid, err := orderID(env)
	if err != nil {
		return err
	}
	cid, err := customerID(env)
	if err != nil {
		return err
	}
	credits, err := h.svc.Earn(ctx, cid, oid, d.AmountCents)
	if err != nil {
		return err
	}
	h.log.Info("credits earned", "customer_id", cid, "order_id", oid, "credits", credits)
	return nil
}

func (h *loyaltyHandlers) referral(ctx context.Context, env events.Envelope) error {
	cid, err := customerID(env)
	if err != nil {
		return err
	}
	return h.svc.GrantReferral(ctx, cid)
}

func (h *loyaltyHandlers) reverse(ctx context.Context, env events.Envelope) error {
	oid, err := orderID(env)
	if err != nil {
		return err
	}
	cid, err := customerID(env)
	if err != nil {
		return err
	}
	return h.svc.ReverseRedemptions(ctx, GroupLoyalty, env.ID, cid, oid)
}

// Loyalty grants and reverses credits. It reads both the orders and the
// payments topic.
func Loyalty(svc *loyalty.Service, inbox store.Inbox, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	h := &loyaltyHandlers{svc: svc, log: log}
	return newDispatcher(GroupLoyalty, log).
		On(events.PaymentCaptured, Once(inbox, GroupLoyalty+"/earn", events.Decode(h.earn))).
		On(events.OrderDelivered, h.referral).
		On(events.OrderCancelled, h.reverse)
}
