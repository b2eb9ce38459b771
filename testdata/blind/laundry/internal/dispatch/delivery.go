package dispatch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/store"
)

// BookDelivery books the courier that takes the packed order from the plant
// back to the customer. An order can need several delivery attempts, so each
// booking gets its own reference.
func (s *Service) BookDelivery(ctx context.Context, orderID uuid.UUID, bags int) (*store.CourierBooking, error) {
	o, err := s.repos.Orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if o.Status != store.OrderReady && o.Status != store.OrderOutForDeliv {
		return nil, ErrNotBookable
	}
	to, err := s.customerStop(ctx, o)
	if err != nil {
		return nil, err
	}
	windowFrom := time.Now().Add(2 * time.Hour).Truncate(time.Hour)
	windowTo := windowFrom.Add(2 * time.Hour)
	if o.DeliveryFrom != nil && o.DeliveryTo != nil && o.DeliveryFrom.After(windowFrom) {
		windowFrom, windowTo = *o.DeliveryFrom, *o.DeliveryTo
	}

	ref := fmt.Sprintf("fp-%s-delivery-%s", o.ID, xid.New())
	req := courier.NewBooking(courier.LegDelivery, s.plant.Stop, to, windowFrom, windowTo,
		courier.WithReference(ref),
		courier.WithParcels(bags),
	)
	booked, err := s.courier.Book(ctx, req)
	if err != nil {
		return nil, err
	}

	b := &store.CourierBooking{
		ID:               uuid.New(),
		OrderID:          o.ID,
		Leg:              string(courier.LegDelivery),
		Reference:        ref,
		PartnerBookingID: &booked.ID,
		Status:           booked.Status,
		WindowFrom:       windowFrom,
		WindowTo:         windowTo,
		TrackingURL:      strPtr(booked.TrackingURL),
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Bookings.Upsert(ctx, b); err != nil {
			return err
		}
		return r.Orders.Update(ctx, o.ID, map[string]any{
			"status":        store.OrderOutForDeliv,
			"delivery_from": windowFrom,
			"delivery_to":   windowTo,
		})
	})
	return b, err
}

// PayDriverTip forwards the customer's tip to the driver who delivered the
// order.
func (s *Service) PayDriverTip(ctx context.Context, orderID uuid.UUID, driverID, bookingID string) error {
	tip, err := s.tips.ForOrder(ctx, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if tip.PaidOutAt != nil || tip.AmountCents <= 0 {
		return nil
	}
	if driverID == "" {
		driverID = tip.DriverID
	}
	payout, err := s.courier.PayTip(ctx, courier.TipRequest{
		BookingID: bookingID,
		DriverID:  driverID,
		Amount:    tip.AmountCents,
		Currency:  s.currency,
		Note:      "Thanks from your FreshPress customer",
	})
	if err != nil {
		return err
	}
	return s.tips.MarkPaid(ctx, orderID, payout.ID, time.Now())
}
