package consumers

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/adapters/kafka"
)

type submissionService interface {
	SubmitToWarehouse(ctx context.Context, orderID uuid.UUID) error
}

// OrderEventsHandler consumes merch.orders.v1 (our own outbox) and hands
// authorised orders to the warehouse.
type OrderEventsHandler struct {
	svc submissionService
	log *slog.Logger
}

func NewOrderEventsHandler(svc submissionService, log *slog.Logger) *OrderEventsHandler {
	return &OrderEventsHandler{svc: svc, log: log}
}

type orderEvent struct {
	Type    string `json:"type"`
	OrderID string `json:"order_id"`
}

func (h *OrderEventsHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[orderEvent](msg)
	if err != nil {
		return err
	}
	if ev.Type != "order.authorized" {
		return nil
	}
	id, err := uuid.Parse(ev.OrderID)
	if err != nil {
		return kafka.Skip("order_id %q: %v", ev.OrderID, err)
	}
	return h.svc.SubmitToWarehouse(ctx, id)
}
