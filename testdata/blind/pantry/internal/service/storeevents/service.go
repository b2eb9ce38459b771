// Package storeevents applies events published by the in-store systems.
package storeevents

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/obs"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// Service handles store events.
type Service interface {
	ApplyInventory(ctx context.Context, evt domain.InventoryAdjusted) error
	OrderCollected(ctx context.Context, evt domain.OrderCollected) error
	SlotClosed(ctx context.Context, evt domain.SlotClosed) error
	SubstitutionApproved(ctx context.Context, evt domain.SubstitutionApproved) error
	OrderRejected(ctx context.Context, messageID string, evt domain.OrderRejectedByStore) error
}

// Orders is the order persistence used by store events.
type Orders interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
	GetLine(ctx context.Context, orderID uuid.UUID, lineNo int) (domain.OrderLine, error)
	ApplyLineSubstitution(ctx context.Context, orderID uuid.UUID, lineNo int, sku string, unitPrice int64, qty int) error
	AdjustTotal(ctx context.Context, id uuid.UUID, deltaCents int64) error
	IDsInSlot(ctx context.Context, slotID int64) ([]uuid.UUID, error)
}

// Slots manages slots.
type Slots interface {
	GetForUpdate(ctx context.Context, slotID int64) (domain.Slot, error)
	MarkClosed(ctx context.Context, slotID int64) error
}

// Inbox records processed messages.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

// Stock tracks stock on hand.
type Stock interface {
	Apply(ctx context.Context, storeID, sku string, delta int) error
}

// DeliveryEvents stores delivery milestones.
type DeliveryEvents interface {
	Record(ctx context.Context, orderID uuid.UUID, event, driverID string, at time.Time) error
}

// Deliveries updates courier booking status.
type Deliveries interface {
	SetStatus(ctx context.Context, orderID uuid.UUID, status string) error
}

// Credits grants store credit.
type Credits interface {
	Grant(ctx context.Context, customerID, orderID uuid.UUID, cents int64, reason string) error
}

// Notifier texts customers.
type Notifier interface {
	DriverOnTheWay(ctx context.Context, order domain.Order) error
}

// Jobs schedules follow-up work.
type Jobs interface {
	ScheduleSlotReminder(ctx context.Context, orderID uuid.UUID, kind string, at time.Time) error
	EnqueueRefund(ctx context.Context, orderID uuid.UUID, reason string, amountCents int64) error
}

// Deps groups the dependencies of the store-event service.
type Deps struct {
	Tx             pg.TxManager
	Orders         Orders
	Slots          Slots
	Inbox          Inbox
	Stock          Stock
	DeliveryEvents DeliveryEvents
	Deliveries     Deliveries
	Credits        Credits
	Notifier       Notifier
	Jobs           Jobs
	Log            *slog.Logger
	GoodwillCents  int64
}

type service struct {
	Deps
}

// NewService wires the store-event service.
func NewService(d Deps) Service { return &service{Deps: d} }

const (
	consumerInventory = "inventory"
	consumerRejected  = "order-rejected"
)

func parseOrderID(s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%w: order id %q", domain.ErrInvalidArgument, s)
	}
	return id, nil
}

// ApplyInventory applies a stock correction exactly once per store event id.
func (s *service) ApplyInventory(ctx context.Context, evt domain.InventoryAdjusted) error {
	if evt.EventID == "" {
		return fmt.Errorf("%w: event_id missing", domain.ErrInvalidArgument)
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.Inbox.Claim(ctx, consumerInventory, evt.EventID)
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		return s.Stock.Apply(ctx, evt.StoreID, evt.SKU, evt.Delta)
	})
}

// OrderCollected records that the driver left the store with the order.
func (s *service) OrderCollected(ctx context.Context, evt domain.OrderCollected) error {
	orderID, err := parseOrderID(evt.OrderID)
	if err != nil {
		return err
	}
	order, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}

	if err := s.Notifier.DriverOnTheWay(ctx, order); err != nil {
		return err
	}

	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.DeliveryEvents.Record(ctx, orderID, "collected", evt.DriverID, evt.At); err != nil {
			return err
		}
		if err := s.Deliveries.SetStatus(ctx, orderID, "in_transit"); err != nil {
			return err
		}
		return s.Orders.SetStatus(ctx, orderID, domain.OrderOutForDelivery)
	})
}

// SlotClosed closes a slot and warns every customer booked into it. The
// slot row lock makes the closed check and the fan-out atomic.
func (s *service) SlotClosed(ctx context.Context, evt domain.SlotClosed) error {
	traceID := ids.RequestID()
	log := s.Log.With("trace_id", traceID, "slot_id", evt.SlotID)

	return s.Tx.InTx(obs.WithTraceID(ctx, traceID), func(ctx context.Context) error {
		slot, err := s.Slots.GetForUpdate(ctx, evt.SlotID)
		if err != nil {
			return err
		}
		if slot.Closed {
			log.InfoContext(ctx, "slot already closed")
			return nil
		}
		if err := s.Slots.MarkClosed(ctx, evt.SlotID); err != nil {
			return err
		}
		orderIDs, err := s.Orders.IDsInSlot(ctx, evt.SlotID)
		if err != nil {
			return err
		}
		for _, id := range orderIDs {
			if err := s.Jobs.ScheduleSlotReminder(ctx, id, "slot_closed", time.Now()); err != nil {
				return err
			}
		}
		log.InfoContext(ctx, "slot closed", "orders", len(orderIDs), "reason", evt.Reason)
		return nil
	})
}

// SubstitutionApproved applies a substitution the customer accepted through
// the store and re-prices the order.
func (s *service) SubstitutionApproved(ctx context.Context, evt domain.SubstitutionApproved) error {
	orderID, err := parseOrderID(evt.OrderID)
	if err != nil {
		return err
	}
	line, err := s.Orders.GetLine(ctx, orderID, evt.LineNo)
	if err != nil {
		return err
	}
	if line.SubstitutedSKU == evt.SubstituteSKU {
		return nil
	}

	delta := evt.UnitPriceCents*int64(evt.Quantity) - line.UnitPriceCents*int64(line.Quantity)
	if err := s.Orders.ApplyLineSubstitution(ctx, orderID, evt.LineNo, evt.SubstituteSKU, evt.UnitPriceCents, evt.Quantity); err != nil {
		return err
	}
	if err := s.Orders.AdjustTotal(ctx, orderID, delta); err != nil {
		return fmt.Errorf("reprice order after substitution: %w", err)
	}
	return nil
}

// OrderRejected handles a store refusing an order: the order is marked
// rejected, the customer gets goodwill credit and the payment is refunded.
func (s *service) OrderRejected(ctx context.Context, messageID string, evt domain.OrderRejectedByStore) error {
	orderID, err := parseOrderID(evt.OrderID)
	if err != nil {
		return err
	}
	seen, err := s.Inbox.Seen(ctx, consumerRejected, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		order, err := s.Orders.Get(ctx, orderID)
		if err != nil {
			return err
		}
		if order.Status == domain.OrderDelivered {
			return fmt.Errorf("%w: delivered order cannot be rejected", domain.ErrInvalidState)
		}
		if err := s.Orders.SetStatus(ctx, orderID, domain.OrderRejected); err != nil {
			return err
		}
		if err := s.Credits.Grant(ctx, order.CustomerID, orderID, s.GoodwillCents, "store_rejected"); err != nil {
			return err
		}
		return s.Jobs.EnqueueRefund(ctx, orderID, "store_rejected", order.TotalCents)
	})
	if err != nil {
		return err
	}

	return s.Inbox.MarkProcessed(ctx, consumerRejected, messageID)
}
