package dispatch

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/retry"
	"github.com/freshpress/laundry/internal/store"
)

// BookPickup books the courier that collects the customer's bags.
func (s *Service) BookPickup(ctx context.Context, customerID, orderID uuid.UUID) (*store.CourierBooking, error) {
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, err
	}
	if o.Status != store.OrderAuthorized && o.Status != store.OrderPickupBooked {
		return nil, ErrNotBookable
	}
	from, err := s.customerStop(ctx, o)
	if err != nil {
		return nil, err
	}

	b, err := s.repos.Bookings.Reserve(ctx, &store.CourierBooking{
		ID:         uuid.New(),
		OrderID:    o.ID,
		Leg:        string(courier.LegPickup),
		Reference:  bookingRef(o.ID, courier.LegPickup),
		Status:     "requested",
		WindowFrom: o.PickupFrom,
		WindowTo:   o.PickupTo,
	})
	if err != nil {
		return nil, err
	}
	if b.PartnerBookingID != nil {
		return b, nil
	}

	req := courier.NewBooking(courier.LegPickup, from, s.plant.Stop, b.WindowFrom, b.WindowTo,
		courier.WithReference(b.Reference),
		courier.WithParcels(o.BagsCount),
	)
	booked, err := retry.DoValue(ctx, retry.Quick, func() (*courier.Booking, error) {
		bk, err := s.courier.Book(ctx, req)
		return bk, retry.Classify(err)
	})
	if err != nil {
		return nil, err
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Bookings.SetPartner(ctx, b.ID, booked.ID, booked.Status, strPtr(booked.TrackingURL)); err != nil {
			return err
		}
		_, err := r.Orders.TransitionStatus(ctx, o.ID,
			[]store.OrderStatus{store.OrderAuthorized}, store.OrderPickupBooked)
		return err
	})
	if err != nil {
		return nil, err
	}
	b.PartnerBookingID = &booked.ID
	b.Status = booked.Status
	b.TrackingURL = strPtr(booked.TrackingURL)
	return b, nil
}

// RebookPickup books a new pickup after the partner reported the first
// one as failed (nobody home, driver no-show).
func (s *Service) RebookPickup(ctx context.Context, orderID uuid.UUID, reason string) error {
	o, err := s.repos.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status == store.OrderCancelled {
		return nil
	}
	prev, err := s.repos.Bookings.ByOrderLeg(ctx, o.ID, string(courier.LegPickup))
	if err != nil {
		return err
	}
	from, err := s.customerStop(ctx, o)
	if err != nil {
		return err
	}
	windowFrom, windowTo := nextWindow(o.PickupFrom, o.PickupTo, time.Now())

	// The original reference belongs to the failed booking.
	req := courier.NewBooking(courier.LegPickup, from, s.plant.Stop, windowFrom, windowTo,
		courier.WithParcels(o.BagsCount),
		courier.WithNotes("rebooked after failed pickup: "+reason),
	)
	booked, err := s.courier.Book(ctx, req)
	if err != nil {
		return err
	}

	prev.PartnerBookingID = &booked.ID
	prev.Status = booked.Status
	prev.WindowFrom, prev.WindowTo = windowFrom, windowTo
	prev.TrackingURL = strPtr(booked.TrackingURL)
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Bookings.Upsert(ctx, prev); err != nil {
			return err
		}
		return r.Orders.Update(ctx, o.ID, map[string]any{
			"pickup_from": windowFrom,
			"pickup_to":   windowTo,
			"status":      store.OrderPickupBooked,
		})
	})
}
