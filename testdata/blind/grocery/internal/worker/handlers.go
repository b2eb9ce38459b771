package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
)

type PickingService interface {
	Started(ctx context.Context, ev events.PickingStartedEvent) error
	ItemPicked(ctx context.Context, ev events.ItemPickedEvent) error
	Substituted(ctx context.Context, ev events.SubstitutionEvent) error
	ItemMissing(ctx context.Context, ev events.ItemMissingEvent) error
	Completed(ctx context.Context, ev events.PickingCompletedEvent) error
	Cancelled(ctx context.Context, ev events.PickingCancelledEvent) error
}

type DeliveryService interface {
	Assigned(ctx context.Context, ev events.DriverAssignedEvent) error
	HandedOff(ctx context.Context, ev events.DriverHandedOffEvent) error
	Delivered(ctx context.Context, ev events.DriverDeliveredEvent) error
	Failed(ctx context.Context, ev events.DriverFailedEvent) error
	Returned(ctx context.Context, ev events.DriverReturnedEvent) error
}

type StockService interface {
	ApplyDeltas(ctx context.Context, b events.StockDeltaBatch) error
}

// Handlers validates decoded events and passes them to the services.
type Handlers struct {
	Picking  PickingService
	Delivery DeliveryService
	Stock    StockService
	Log      *slog.Logger
}

func requireEvent(eventID string, orderID uuid.UUID) error {
	if eventID == "" || orderID == uuid.Nil {
		return fmt.Errorf("%w: event_id and order_id are required", ErrPoison)
	}
	return nil
}

// unknownOrder turns a missing order into a poison message: the producing
// apps only ever reference orders we created.
func unknownOrder(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("%w: %v", ErrPoison, err)
	}
	return err
}

func (h *Handlers) PickingStarted(ctx context.Context, ev events.PickingStartedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Picking.Started(ctx, ev))
}

func (h *Handlers) ItemPicked(ctx context.Context, ev events.ItemPickedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	if ev.PickedQty < 0 {
		return fmt.Errorf("%w: negative quantity", ErrPoison)
	}
	return unknownOrder(h.Picking.ItemPicked(ctx, ev))
}

func (h *Handlers) Substitution(ctx context.Context, ev events.SubstitutionEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	if ev.Quantity <= 0 || ev.UnitPricePence < 0 {
		return fmt.Errorf("%w: bad substitution line", ErrPoison)
	}
	return unknownOrder(h.Picking.Substituted(ctx, ev))
}

func (h *Handlers) ItemMissing(ctx context.Context, ev events.ItemMissingEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	if ev.MissingQty <= 0 {
		return nil
	}
	return unknownOrder(h.Picking.ItemMissing(ctx, ev))
}

func (h *Handlers) PickingCompleted(ctx context.Context, ev events.PickingCompletedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Picking.Completed(ctx, ev))
}

func (h *Handlers) PickingCancelled(ctx context.Context, ev events.PickingCancelledEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Picking.Cancelled(ctx, ev))
}

func (h *Handlers) DriverAssigned(ctx context.Context, ev events.DriverAssignedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Delivery.Assigned(ctx, ev))
}

func (h *Handlers) DriverHandedOff(ctx context.Context, ev events.DriverHandedOffEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	if ev.BagCount <= 0 {
		return fmt.Errorf("%w: hand-off without bags", ErrPoison)
	}
	return unknownOrder(h.Delivery.HandedOff(ctx, ev))
}

func (h *Handlers) DriverDelivered(ctx context.Context, ev events.DriverDeliveredEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Delivery.Delivered(ctx, ev))
}

func (h *Handlers) DriverFailed(ctx context.Context, ev events.DriverFailedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Delivery.Failed(ctx, ev))
}

func (h *Handlers) DriverReturned(ctx context.Context, ev events.DriverReturnedEvent) error {
	if err := requireEvent(ev.EventID, ev.OrderID); err != nil {
		return err
	}
	return unknownOrder(h.Delivery.Returned(ctx, ev))
}

func (h *Handlers) StockDeltas(ctx context.Context, b events.StockDeltaBatch) error {
	if b.PartnerID == "" || b.StoreID == "" || b.Seq <= 0 {
		return fmt.Errorf("%w: partner_id, store_id and seq are required", ErrPoison)
	}
	return h.Stock.ApplyDeltas(ctx, b)
}
