package consumers

import (
	"context"
	"errors"
	"log/slog"

	"github.com/merchline/preorders/internal/adapters/kafka"
	"github.com/merchline/preorders/internal/core/domain"
)

type shipmentService interface {
	HandleShipmentDispatched(ctx context.Context, ev domain.ShipmentDispatched) error
	HandleDeliveryException(ctx context.Context, ev domain.DeliveryException) error
	HandleDelivered(ctx context.Context, ev domain.ParcelDelivered) error
	HandleBackorderDelay(ctx context.Context, ev domain.BackorderDelayed) error
}

type stockService interface {
	HandleStockEvent(ctx context.Context, ev domain.InventoryEvent) error
}

type returnService interface {
	HandleReturn(ctx context.Context, ev domain.ReturnReceived) error
	HandleWarehouseLineCancelled(ctx context.Context, ev domain.LineCancelled) error
}

// notFoundIsPermanent turns "unknown order/shipment" into a skip: the
// warehouse occasionally sends events for orders placed through other
// storefronts on the same account.
func notFoundIsPermanent(log *slog.Logger, msg kafka.Message, err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		log.Warn("event references unknown entity", "topic", msg.Topic, "event_id", msg.EventID(), "err", err)
		return kafka.Skip("%v", err)
	}
	return err
}

// ShipmentHandler consumes warehouse.shipments.v1.
type ShipmentHandler struct {
	svc shipmentService
	log *slog.Logger
}

func NewShipmentHandler(svc shipmentService, log *slog.Logger) *ShipmentHandler {
	return &ShipmentHandler{svc: svc, log: log}
}

func (h *ShipmentHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.ShipmentDispatched](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	return notFoundIsPermanent(h.log, msg, h.svc.HandleShipmentDispatched(ctx, ev))
}

// InventoryHandler consumes warehouse.inventory.v1.
type InventoryHandler struct {
	svc stockService
	log *slog.Logger
}

func NewInventoryHandler(svc stockService, log *slog.Logger) *InventoryHandler {
	return &InventoryHandler{svc: svc, log: log}
}

func (h *InventoryHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.InventoryEvent](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	if ev.Type == "" {
		ev.Type = msg.Headers[kafka.HeaderEventType]
	}
	return h.svc.HandleStockEvent(ctx, ev)
}

// ReturnHandler consumes warehouse.returns.v1.
type ReturnHandler struct {
	svc returnService
	log *slog.Logger
}

func NewReturnHandler(svc returnService, log *slog.Logger) *ReturnHandler {
	return &ReturnHandler{svc: svc, log: log}
}

func (h *ReturnHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.ReturnReceived](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	return notFoundIsPermanent(h.log, msg, h.svc.HandleReturn(ctx, ev))
}

// ExceptionHandler consumes warehouse.exceptions.v1.
type ExceptionHandler struct {
	svc shipmentService
	log *slog.Logger
}

func NewExceptionHandler(svc shipmentService, log *slog.Logger) *ExceptionHandler {
	return &ExceptionHandler{svc: svc, log: log}
}

func (h *ExceptionHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.DeliveryException](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	return notFoundIsPermanent(h.log, msg, h.svc.HandleDeliveryException(ctx, ev))
}

// DeliveryHandler consumes warehouse.delivery.v1.
type DeliveryHandler struct {
	svc shipmentService
	log *slog.Logger
}

func NewDeliveryHandler(svc shipmentService, log *slog.Logger) *DeliveryHandler {
	return &DeliveryHandler{svc: svc, log: log}
}

func (h *DeliveryHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.ParcelDelivered](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	return notFoundIsPermanent(h.log, msg, h.svc.HandleDelivered(ctx, ev))
}

// BackorderHandler consumes warehouse.backorders.v1.
type BackorderHandler struct {
	svc shipmentService
	log *slog.Logger
}

func NewBackorderHandler(svc shipmentService, log *slog.Logger) *BackorderHandler {
	return &BackorderHandler{svc: svc, log: log}
}

func (h *BackorderHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.BackorderDelayed](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	if ev.EventID == "" {
		return kafka.Skip("backorder event without event-id header")
	}
	return h.svc.HandleBackorderDelay(ctx, ev)
}

// CancellationHandler consumes warehouse.cancellations.v1.
type CancellationHandler struct {
	svc returnService
	log *slog.Logger
}

func NewCancellationHandler(svc returnService, log *slog.Logger) *CancellationHandler {
	return &CancellationHandler{svc: svc, log: log}
}

func (h *CancellationHandler) Handle(ctx context.Context, msg kafka.Message) error {
	ev, err := decode[domain.LineCancelled](msg)
	if err != nil {
		return err
	}
	ev.EventID = msg.EventID()
	return notFoundIsPermanent(h.log, msg, h.svc.HandleWarehouseLineCancelled(ctx, ev))
}
