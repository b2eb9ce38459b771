// Package dispatch books last-mile couriers for packed orders.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/provider/courier"
)

// Service books couriers.
type Service interface {
	BookCourier(ctx context.Context, orderID uuid.UUID) error
	BookForStorePacked(ctx context.Context, evt domain.OrderPackedInStore) error
}

// Courier is the partner API (implemented by *courier.Client).
type Courier interface {
	Book(ctx context.Context, req courier.BookingRequest) (courier.Booking, error)
}

// Deliveries stores bookings.
type Deliveries interface {
	EnsurePending(ctx context.Context, orderID uuid.UUID, clientRef string) (domain.Delivery, error)
	Get(ctx context.Context, orderID uuid.UUID) (domain.Delivery, error)
	MarkBooked(ctx context.Context, orderID uuid.UUID, bookingID, trackingURL string) error
	UpsertBooked(ctx context.Context, d domain.Delivery) error
}

// Orders reads and updates orders.
type Orders interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
}

// Slots reads slot windows.
type Slots interface {
	Get(ctx context.Context, slotID int64) (domain.Slot, error)
}

// StoreDirectory resolves store addresses.
type StoreDirectory func(storeID string) (postcode string)

type service struct {
	tx         pg.TxManager
	courier    Courier
	deliveries Deliveries
	orders     Orders
	slots      Slots
	stores     StoreDirectory
	log        *slog.Logger
}

// NewService wires the dispatch service.
func NewService(tx pg.TxManager, c Courier, d Deliveries, o Orders, s Slots, log *slog.Logger) Service {
	return &service{tx: tx, courier: c, deliveries: d, orders: o, slots: s, log: log,
		stores: func(string) string { return "" }}
}

// clientReference is the stable courier reference of an order.
func clientReference(orderID uuid.UUID) string { return "pantry-" + orderID.String() }

func (s *service) request(ctx context.Context, ref string, order domain.Order, parcels int) (courier.BookingRequest, error) {
	slot, err := s.slots.Get(ctx, order.SlotID)
	if err != nil {
		return courier.BookingRequest{}, err
	}
	ready := time.Now().Add(10 * time.Minute)
	return courier.NewBooking(ref).
		From(order.StoreID, s.stores(order.StoreID)).
		To("", "", order.Phone).
		Window(ready, slot.Ends).
		Parcels(parcels).
		Chilled(true).
		Build(), nil
}

// BookCourier books a courier for an order packed by our pickers. The
// pending delivery row, with its stable client reference, is written before
// the partner is called; the partner deduplicates on that reference.
func (s *service) BookCourier(ctx context.Context, orderID uuid.UUID) error {
	var (
		order    domain.Order
		delivery domain.Delivery
	)
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if order, err = s.orders.Get(ctx, orderID); err != nil {
			return err
		}
		delivery, err = s.deliveries.EnsurePending(ctx, orderID, clientReference(orderID))
		return err
	})
	if err != nil {
		return err
	}
	if delivery.Status == "booked" {
		return nil
	}
	if order.Status.Terminal() {
		s.log.InfoContext(ctx, "order no longer needs a courier", "order_id", orderID, "status", order.Status)
		return nil
	}

	req, err := s.request(ctx, delivery.ClientReference, order, 0)
	if err != nil {
		return err
	}
	booking, err := s.courier.Book(ctx, req)
	if err != nil {
		return err
	}
	return s.deliveries.MarkBooked(ctx, orderID, booking.BookingID, booking.TrackingURL)
}

// BookForStorePacked books a courier for an order packed on a store-run
// lane (reported by the store system rather than our pickers).
func (s *service) BookForStorePacked(ctx context.Context, evt domain.OrderPackedInStore) error {
	orderID, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return fmt.Errorf("%w: order id %q", domain.ErrInvalidArgument, evt.OrderID)
	}
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if existing, err := s.deliveries.Get(ctx, orderID); err == nil && existing.Status == "booked" {
		return nil
	} else if err != nil && !errors.Is(err, pg.ErrNotFound) {
		return err
	}

	ref := ids.NewXID()
	req, err := s.request(ctx, ref, order, evt.Bags)
	if err != nil {
		return err
	}
	booking, err := s.courier.Book(ctx, req)
	if err != nil {
		return err
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.deliveries.UpsertBooked(ctx, domain.Delivery{
			OrderID: orderID, ClientReference: ref, BookingID: booking.BookingID, TrackingURL: booking.TrackingURL,
		}); err != nil {
			return err
		}
		if order.Status == domain.OrderPicking || order.Status == domain.OrderConfirmed {
			return s.orders.SetStatus(ctx, orderID, domain.OrderPacked)
		}
		return nil
	})
}
