package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
)

// reservationNS namespaces the deterministic ids of reservations made when
// an existing order moves to another slot.
var reservationNS = uuid.MustParse("6f1f6a52-3c0e-4d8e-9a44-1d2b7c1f90aa")

type SlotService struct {
	tx      TxRunner
	slots   SlotStore
	baskets BasketStore
	orders  OrderStore
	newID   UUIDGen
	now     Clock
	holdFor time.Duration
	cutoff  time.Duration
	log     *slog.Logger
}

func NewSlotService(tx TxRunner, slots SlotStore, baskets BasketStore, orders OrderStore, newID UUIDGen, now Clock, holdFor, cutoff time.Duration, log *slog.Logger) *SlotService {
	return &SlotService{tx: tx, slots: slots, baskets: baskets, orders: orders, newID: newID, now: now, holdFor: holdFor, cutoff: cutoff, log: log}
}

func (s *SlotService) Available(ctx context.Context, storeID string, days int) ([]*domain.DeliverySlot, error) {
	if days <= 0 || days > 14 {
		days = 7
	}
	from := s.now().Add(s.cutoff)
	return s.slots.ListAvailable(ctx, storeID, from, from.Add(time.Duration(days)*24*time.Hour))
}

type ReserveInput struct {
	CustomerID uuid.UUID
	BasketID   uuid.UUID
	SlotID     uuid.UUID
	HoldID     uuid.UUID
}

// Reserve holds a place in a delivery slot for the basket until checkout
// or until the hold expires.
func (s *SlotService) Reserve(ctx context.Context, in ReserveInput) (*domain.SlotReservation, error) {
	var res *domain.SlotReservation
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		basket, err := s.baskets.Get(ctx, in.BasketID)
		if err != nil {
			return err
		}
		if basket.CustomerID != in.CustomerID {
			return domain.ErrNotFound
		}
		if basket.Status != domain.BasketOpen {
			return domain.ErrBasketClosed
		}
		slot, err := s.slots.Lock(ctx, in.SlotID)
		if err != nil {
			return err
		}
		now := s.now()
		if slot.StoreID != basket.StoreID {
			return fmt.Errorf("%w: slot belongs to another store", domain.ErrInvalid)
		}
		if slot.StartsAt.Before(now.Add(s.cutoff)) {
			return fmt.Errorf("%w: slot is closed for new orders", domain.ErrInvalid)
		}
		if slot.Full() {
			return domain.ErrSlotFull
		}
		res = &domain.SlotReservation{
			ID:        in.HoldID,
			SlotID:    slot.ID,
			BasketID:  basket.ID,
			Status:    domain.ReservationHeld,
			ExpiresAt: now.Add(s.holdFor),
		}
		if err := s.slots.InsertReservation(ctx, res); err != nil {
			return fmt.Errorf("hold slot: %w", err)
		}
		return s.slots.AdjustReserved(ctx, slot.ID, +1)
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "slot held", "reservation_id", res.ID, "slot_id", in.SlotID, "basket_id", in.BasketID)
	return res, nil
}

// Release gives up a hold the customer no longer wants. Holds already
// attached to an order are moved with ChangeSlot or freed by cancelling.
func (s *SlotService) Release(ctx context.Context, customerID, reservationID uuid.UUID) error {
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		res, err := s.slots.Reservation(ctx, reservationID)
		if err != nil {
			return err
		}
		basket, err := s.baskets.Get(ctx, res.BasketID)
		if err != nil {
			return err
		}
		if basket.CustomerID != customerID {
			return domain.ErrNotFound
		}
		if res.Status == domain.ReservationConfirmed {
			return fmt.Errorf("%w: reservation belongs to an order", domain.ErrConflict)
		}
		released, err := s.slots.ReleaseReservation(ctx, res.ID)
		if err != nil {
			return err
		}
		if !released {
			return nil
		}
		return s.slots.AdjustReserved(ctx, res.SlotID, -1)
	})
}

// ChangeSlot moves an order that has not reached the store yet to another
// delivery slot.
func (s *SlotService) ChangeSlot(ctx context.Context, customerID, orderID, slotID uuid.UUID) (*domain.Order, error) {
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		order, err := s.orders.Lock(ctx, orderID)
		if err != nil {
			return err
		}
		if order.CustomerID != customerID {
			return domain.ErrNotFound
		}
		if order.SlotID != nil && *order.SlotID == slotID {
			return nil
		}
		if !order.Status.Cancellable() {
			return fmt.Errorf("%w: the store is already working on this order", domain.ErrConflict)
		}
		slot, err := s.slots.Lock(ctx, slotID)
		if err != nil {
			return err
		}
		if slot.StoreID != order.StoreID {
			return fmt.Errorf("%w: slot belongs to another store", domain.ErrInvalid)
		}
		if slot.StartsAt.Before(s.now().Add(s.cutoff)) {
			return fmt.Errorf("%w: slot is closed for new orders", domain.ErrInvalid)
		}

		resID := uuid.NewSHA1(reservationNS, []byte(order.ID.String()+"/"+slot.ID.String()))
		res := &domain.SlotReservation{
			ID:        resID,
			SlotID:    slot.ID,
			BasketID:  order.BasketID,
			OrderID:   &order.ID,
			Status:    domain.ReservationConfirmed,
			ExpiresAt: slot.EndsAt,
		}
		if slot.Full() {
			return domain.ErrSlotFull
		}
		inserted, err := s.slots.InsertReservationIfAbsent(ctx, res)
		if err != nil {
			return err
		}
		taken := inserted
		if !inserted {
			// The order was in this slot before and moved away; take the
			// old reservation back.
			if taken, err = s.slots.Reactivate(ctx, resID, order.ID); err != nil {
				return err
			}
		}
		if taken {
			if err := s.slots.AdjustReserved(ctx, slot.ID, +1); err != nil {
				return err
			}
		}

		if order.SlotReservationID != nil && *order.SlotReservationID != resID {
			released, err := s.slots.ReleaseReservation(ctx, *order.SlotReservationID)
			if err != nil {
				return err
			}
			if released && order.SlotID != nil {
				if err := s.slots.AdjustReserved(ctx, *order.SlotID, -1); err != nil {
					return err
				}
			}
		}
		return s.orders.SetSlot(ctx, order.ID, slot.ID, resID, slot.FeePence)
	})
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("change slot: %w", err)
	}
	return s.orders.Get(ctx, orderID)
}

// ExpireHolds frees holds that were never checked out.
func (s *SlotService) ExpireHolds(ctx context.Context) (int, error) {
	var n int
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		var err error
		n, err = s.slots.ExpireHeld(ctx, s.now(), 200)
		return err
	})
	return n, err
}
