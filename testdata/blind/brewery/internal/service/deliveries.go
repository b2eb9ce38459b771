package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/store"
)

// DeliveryService plans routes, dispatches them and closes out stops.
type DeliveryService struct {
	db         store.Querier
	tx         store.TxRunner
	deliveries DeliveryStore
	orders     OrderStore
	products   ProductStore
	kegs       KegStore
	outbox     OutboxStore
	tasks      InvoiceTasks
	now        Clock
	newEventID func() string
	newUUID    func() uuid.UUID
	log        *slog.Logger
}

// NewDeliveryService constructs a DeliveryService.
func NewDeliveryService(db store.Querier, tx store.TxRunner, deliveries DeliveryStore, orders OrderStore,
	products ProductStore, kegs KegStore, outbox OutboxStore, tasks InvoiceTasks, now Clock) *DeliveryService {
	return &DeliveryService{
		db: db, tx: tx, deliveries: deliveries, orders: orders, products: products, kegs: kegs,
		outbox: outbox, tasks: tasks, now: now, newEventID: ids.NewXID, newUUID: uuid.New,
		log: slog.Default().With("svc", "deliveries"),
	}
}

// PlanRouteInput lists the confirmed orders to run out of a depot on a day.
type PlanRouteInput struct {
	Depot    string      `json:"depot"`
	Date     string      `json:"date"`
	Driver   string      `json:"driver"`
	Truck    string      `json:"truck"`
	OrderIDs []uuid.UUID `json:"order_ids"`
}

// PlanRoute creates (or extends) the route for a depot and day. A depot runs
// one route per day, so the route id is derived from the pair; stop ids are
// derived from the order.
func (s *DeliveryService) PlanRoute(ctx context.Context, in PlanRouteInput) (domain.Route, error) {
	day, err := time.Parse(time.DateOnly, in.Date)
	if err != nil || in.Depot == "" || len(in.OrderIDs) == 0 {
		return domain.Route{}, fmt.Errorf("depot, date and order_ids are required: %w", domain.ErrInvalid)
	}
	routeID := ids.Derived(ids.RouteNamespace, in.Depot, in.Date)
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		if _, err := s.deliveries.InsertRouteIfAbsent(ctx, tx, domain.Route{
			ID: routeID, Depot: in.Depot, RouteDate: day, Driver: in.Driver, Truck: in.Truck,
		}); err != nil {
			return err
		}
		for i, orderID := range in.OrderIDs {
			o, err := s.orders.Get(ctx, tx, orderID)
			if err != nil {
				return mapNotFound(err, "order "+orderID.String())
			}
			if o.Status != domain.OrderConfirmed {
				return fmt.Errorf("order %s is %s: %w", orderID, o.Status, domain.ErrInvalidState)
			}
			if _, err := s.deliveries.AddStopIfAbsent(ctx, tx, domain.Delivery{
				ID:      ids.Derived(ids.RouteNamespace, "stop", orderID.String()),
				RouteID: routeID,
				OrderID: orderID,
				StopSeq: i + 1,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return domain.Route{}, err
	}
	return s.deliveries.GetRoute(ctx, s.db, routeID)
}

// Dispatch releases a planned route to its driver. Kegs on the truck move
// into trade and the manifest is published to the driver app.
func (s *DeliveryService) Dispatch(ctx context.Context, routeID uuid.UUID) (domain.Route, error) {
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		rt, err := s.deliveries.GetRoute(ctx, tx, routeID)
		if err != nil {
			return mapNotFound(err, "route")
		}
		dispatched, err := s.deliveries.MarkDispatched(ctx, tx, routeID, s.now())
		if err != nil {
			return err
		}
		if !dispatched {
			// Already dispatched (or closed): nothing further to do.
			return nil
		}
		stops := make([]uuid.UUID, 0, len(rt.Stops))
		for _, st := range rt.Stops {
			stops = append(stops, st.ID)
			o, err := s.orders.Get(ctx, tx, st.OrderID)
			if err != nil {
				return err
			}
			if _, err := s.orders.TransitionStatus(ctx, tx, o.ID,
				[]domain.OrderStatus{domain.OrderConfirmed}, domain.OrderOutForDelivery); err != nil {
				return err
			}
			for pkg, n := range kegCounts(o.Lines) {
				if err := s.kegs.ShipFleet(ctx, tx, pkg, n); err != nil {
					return err
				}
			}
		}
		_, err = s.outbox.Append(ctx, tx, s.newEventID(), SubjectRouteDispatched, RouteDispatched{
			RouteID: rt.ID, Depot: rt.Depot, Date: rt.RouteDate.Format(time.DateOnly), Driver: rt.Driver, Stops: stops,
		})
		return err
	})
	if err != nil {
		return domain.Route{}, err
	}
	return s.deliveries.GetRoute(ctx, s.db, routeID)
}

// CompleteStop closes out a signed delivery: the stop and order move to
// delivered, reserved stock leaves inventory, and invoicing is queued.
func (s *DeliveryService) CompleteStop(ctx context.Context, evt DeliveryCompleted) error {
	var orderID uuid.UUID
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		d, err := s.deliveries.GetDelivery(ctx, tx, evt.DeliveryID)
		if err != nil {
			return mapNotFound(err, "delivery")
		}
		orderID = d.OrderID
		moved, err := s.orders.TransitionStatus(ctx, tx, d.OrderID,
			[]domain.OrderStatus{domain.OrderOutForDelivery}, domain.OrderDelivered)
		if err != nil {
			return err
		}
		if !moved {
			return nil
		}
		if err := s.deliveries.MarkDelivered(ctx, tx, d.ID, evt.SignedBy, evt.DeliveredAt); err != nil {
			return err
		}
		o, err := s.orders.Get(ctx, tx, d.OrderID)
		if err != nil {
			return err
		}
		for _, l := range o.Lines {
			if err := s.products.Ship(ctx, tx, l.SKU, l.Qty); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Queue invoicing even when this was a redelivery of an already-closed
	// stop: the earlier attempt may have failed right here. The task id is
	// derived from the order, and invoice generation is keyed by order.
	return s.tasks.GenerateInvoice(ctx, orderID)
}

// RecordFailedAttempt logs a failed stop and pushes it to the next day.
func (s *DeliveryService) RecordFailedAttempt(ctx context.Context, evt DeliveryFailed) error {
	if evt.AttemptNo <= 0 {
		return fmt.Errorf("attempt_no must be positive: %w", domain.ErrInvalid)
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		d, err := s.deliveries.GetDelivery(ctx, tx, evt.DeliveryID)
		if err != nil {
			return mapNotFound(err, "delivery")
		}
		logged, err := s.deliveries.AppendAttempt(ctx, tx, store.Attempt{
			ID:          s.newUUID(),
			DeliveryID:  d.ID,
			AttemptNo:   evt.AttemptNo,
			Reason:      evt.Reason,
			AttemptedAt: evt.AttemptedAt,
		})
		if err != nil {
			return err
		}
		if !logged {
			s.log.InfoContext(ctx, "attempt already recorded", "delivery", d.ID, "attempt", evt.AttemptNo)
		}
		failed, err := s.deliveries.MarkFailed(ctx, tx, d.ID, nextBusinessDay(evt.AttemptedAt))
		if err != nil || !failed {
			return err
		}
		// Send the order back to the planning pool for the next route.
		_, err = s.orders.TransitionStatus(ctx, tx, d.OrderID,
			[]domain.OrderStatus{domain.OrderOutForDelivery}, domain.OrderConfirmed)
		return err
	})
}

func nextBusinessDay(t time.Time) time.Time {
	d := t.AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return d.Truncate(24 * time.Hour)
}
