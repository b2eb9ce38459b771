// Package partners delivers order events to retailer partners.
package partners

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/provider/retailerhook"
)

// Service sends retailer webhooks.
type Service interface {
	DeliverOutboxEvent(ctx context.Context, eventID uuid.UUID) error
	NotifyCancellation(ctx context.Context, orderID uuid.UUID, retailerID, reason string) error
}

// Webhooks is the outbound webhook client (implemented by *retailerhook.Client).
type Webhooks interface {
	Send(ctx context.Context, ev retailerhook.Event) error
}

// Outbox loads and acknowledges outbox events.
type Outbox interface {
	Get(ctx context.Context, id uuid.UUID) (domain.OutboxEvent, error)
	MarkDelivered(ctx context.Context, id uuid.UUID) error
}

type service struct {
	hooks  Webhooks
	outbox Outbox
	log    *slog.Logger
}

// NewService wires the partner service.
func NewService(hooks Webhooks, outbox Outbox, log *slog.Logger) Service {
	return &service{hooks: hooks, outbox: outbox, log: log}
}

// DeliverOutboxEvent sends an outbox event; the outbox row id is the
// X-Event-ID, so resending after a lost response is deduplicated by the
// retailer.
func (s *service) DeliverOutboxEvent(ctx context.Context, eventID uuid.UUID) error {
	ev, err := s.outbox.Get(ctx, eventID)
	if err != nil {
		if errors.Is(err, pg.ErrNotFound) {
			s.log.WarnContext(ctx, "outbox event vanished", "event_id", eventID)
			return nil
		}
		return err
	}
	if ev.DeliveredAt != nil {
		return nil
	}
	if err := s.hooks.Send(ctx, retailerhook.Event{
		ID:         ev.ID.String(),
		Type:       ev.Type,
		RetailerID: ev.RetailerID,
		OccurredAt: ev.CreatedAt,
		Data:       ev.Payload,
	}); err != nil {
		return err
	}
	return s.outbox.MarkDelivered(ctx, ev.ID)
}

type cancellationData struct {
	OrderID     string    `json:"order_id"`
	Reason      string    `json:"reason"`
	CancelledAt time.Time `json:"cancelled_at"`
}

// NotifyCancellation tells the retailer that an order was cancelled so it
// can return reserved stock to the shelf.
func (s *service) NotifyCancellation(ctx context.Context, orderID uuid.UUID, retailerID, reason string) error {
	eventID := ids.NewString()
	ev, err := retailerhook.NewEvent(eventID, retailerID, "order.cancelled", cancellationData{
		OrderID: orderID.String(), Reason: reason, CancelledAt: time.Now().UTC(),
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "sending cancellation webhook", "order_id", orderID, "event_id", eventID)
	return s.hooks.Send(ctx, ev)
}
