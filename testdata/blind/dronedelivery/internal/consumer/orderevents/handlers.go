// Package orderevents consumes the order.events topic: orders imported from
// merchant platform integrations, cancellations, and delivery outcomes
// reported by the fleet controller.
package orderevents

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// ConsumerName identifies this consumer in processed_messages.
const ConsumerName = "order-events"

// Billing is the slice of the billing service these handlers call.
type Billing interface {
	AccrueDistanceSurcharge(ctx context.Context, orderID uuid.UUID, flownKm float64) (int64, error)
	RefundFailedDelivery(ctx context.Context, orderID uuid.UUID, reason string) (*domain.Refund, error)
}

// Handlers holds the order event handlers.
type Handlers struct {
	Store   store.Store
	Billing Billing
	Pricing *orders.Pricing
	Log     *slog.Logger
}

// Table maps event types to handlers.
func (h *Handlers) Table() map[string]consumer.TypeHandler {
	return map[string]consumer.TypeHandler{
		"order.imported":     h.onImported,
		"order.cancelled":    h.onCancelled,
		"delivery.completed": h.onDeliveryCompleted,
		"delivery.failed":    h.onDeliveryFailed,
	}
}

type importedOrder struct {
	IntegrationEventID string       `json:"integration_event_id"`
	MerchantID         uuid.UUID    `json:"merchant_id"`
	MerchantRef        string       `json:"merchant_ref"`
	PickupDepotID      string       `json:"pickup_depot_id"`
	Dropoff            domain.Point `json:"dropoff"`
	RecipientName      string       `json:"recipient_name"`
	RecipientPhone     string       `json:"recipient_phone"`
	ParcelGrams        int          `json:"parcel_grams"`
	Priority           string       `json:"priority"`
}

// onImported creates an order from a platform integration. Integration
// merchants are invoiced monthly, so the fee goes onto their balance.
func (h *Handlers) onImported(ctx context.Context, env consumer.Envelope) error {
	in, err := consumer.DecodeData[importedOrder](env)
	if err != nil {
		return err
	}
	prio := domain.Priority(in.Priority)
	if prio == "" {
		prio = domain.PriorityStandard
	}
	fee, err := h.Pricing.Quote(in.ParcelGrams, prio)
	if err != nil {
		return fmt.Errorf("%w: %v", consumer.ErrSkip, err)
	}
	return h.Store.InTx(ctx, func(r store.Repos) error {
		first, err := r.Inbox().Claim(ctx, ConsumerName, env.ID)
		if err != nil || !first {
			return err
		}
		m, err := r.Merchants().Get(ctx, in.MerchantID)
		if err != nil {
			return err
		}
		o := &domain.Order{
			ID:                 uuid.New(),
			MerchantID:         m.ID,
			MerchantRef:        in.MerchantRef,
			IntegrationEventID: in.IntegrationEventID,
			Status:             domain.OrderScheduled,
			Priority:           prio,
			PickupDepotID:      in.PickupDepotID,
			Dropoff:            in.Dropoff,
			RecipientName:      in.RecipientName,
			RecipientPhone:     in.RecipientPhone,
			ParcelGrams:        in.ParcelGrams,
			FeeCents:           fee,
			Currency:           m.Currency,
		}
		inserted, err := r.Orders().InsertImported(ctx, o)
		if err != nil || !inserted {
			return err
		}
		return r.Merchants().AddOutstanding(ctx, m.ID, fee)
	})
}

type orderRef struct {
	OrderID uuid.UUID `json:"order_id"`
	Reason  string    `json:"reason"`
	FlownKm float64   `json:"flown_km"`
}

func (h *Handlers) onCancelled(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[orderRef](env)
	if err != nil {
		return err
	}
	cancelled, err := h.Store.Orders().Cancel(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	if !cancelled {
		h.Log.InfoContext(ctx, "cancel ignored, order already past scheduling", "order", ev.OrderID)
	}
	return nil
}

// onDeliveryCompleted accrues the distance surcharge for the flight.
func (h *Handlers) onDeliveryCompleted(ctx context.Context, env consumer.Envelope) error {
	seen, err := h.Store.Inbox().Seen(ctx, ConsumerName, env.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	ev, err := consumer.DecodeData[orderRef](env)
	if err != nil {
		return err
	}
	amount, err := h.Billing.AccrueDistanceSurcharge(ctx, ev.OrderID, ev.FlownKm)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return fmt.Errorf("%w: %v", consumer.ErrSkip, err)
		}
		return err
	}
	if amount > 0 {
		h.Log.InfoContext(ctx, "distance surcharge accrued", "order", ev.OrderID, "cents", amount)
	}
	return h.Store.Inbox().MarkProcessed(ctx, ConsumerName, env.ID)
}

// onDeliveryFailed closes the order and refunds the merchant's fee.
func (h *Handlers) onDeliveryFailed(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[orderRef](env)
	if err != nil {
		return err
	}
	if _, err := h.Store.Orders().MarkFailed(ctx, ev.OrderID); err != nil {
		return err
	}
	reason := ev.Reason
	if reason == "" {
		reason = "delivery failed"
	}
	r, err := h.Billing.RefundFailedDelivery(ctx, ev.OrderID, reason)
	if err != nil {
		return err
	}
	if r != nil {
		h.Log.InfoContext(ctx, "failed delivery refunded", "order", ev.OrderID, "refund", r.ID, "status", r.Status)
	}
	return nil
}
