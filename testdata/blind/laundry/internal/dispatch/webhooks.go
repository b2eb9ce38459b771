package dispatch

import (
	"context"
	"errors"

	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/store"
)

func courierEventID(ev courier.WebhookEvent) string { return "courier:" + ev.EventID }

// ApplyStatus handles picked_up and delivered updates from the partner.
func (s *Service) ApplyStatus(ctx context.Context, ev courier.WebhookEvent) error {
	b, err := s.repos.Bookings.ByPartnerID(ctx, ev.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.Info("courier update for unknown booking", "booking_id", ev.BookingID, "type", ev.Type)
		return nil
	}
	if err != nil {
		return err
	}
	var driverID, driverName *string
	if ev.Driver != nil {
		driverID, driverName = &ev.Driver.ID, &ev.Driver.Name
	}
	o, err := s.repos.Orders.Get(ctx, b.OrderID)
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Bookings.SetStatus(ctx, b.ID, ev.Status, driverID, driverName); err != nil {
			return err
		}
		var env events.Envelope
		switch ev.Type {
		case courier.EventPickedUp:
			if _, err := r.Orders.TransitionStatus(ctx, o.ID,
				[]store.OrderStatus{store.OrderPickupBooked}, store.OrderPickedUp); err != nil {
				return err
			}
			if ev.Parcels > 0 {
				if err := r.Orders.Update(ctx, o.ID, map[string]any{"bags_count": ev.Parcels}); err != nil {
					return err
				}
			}
			env, err = events.New(courierEventID(ev), events.PickupCompleted, o.ID.String(), o.CustomerID.String(),
				events.PickupCompletedData{BookingID: ev.BookingID, Bags: ev.Parcels, PickedAt: ev.OccurredAt})
		case courier.EventDelivered:
			moved, err := r.Orders.TransitionStatus(ctx, o.ID,
				[]store.OrderStatus{store.OrderOutForDeliv, store.OrderReady}, store.OrderDelivered)
			if err != nil {
				return err
			}
			if moved {
				if err := r.Orders.Update(ctx, o.ID, map[string]any{"delivered_at": ev.OccurredAt}); err != nil {
					return err
				}
			}
			data := events.OrderDeliveredData{BookingID: ev.BookingID, DeliveredAt: ev.OccurredAt}
			if driverID != nil {
				data.DriverID = *driverID
			}
			env, err = events.New(courierEventID(ev), events.OrderDelivered, o.ID.String(), o.CustomerID.String(), data)
		default:
			return nil
		}
		if err != nil {
			return err
		}
		return r.Outbox.Add(ctx, store.OutboxFrom(events.TopicOrders, o.ID.String(), env))
	})
}

// ApplyFailure handles booking.failed from the partner.
func (s *Service) ApplyFailure(ctx context.Context, ev courier.WebhookEvent) error {
	b, err := s.repos.Bookings.ByPartnerID(ctx, ev.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	o, err := s.repos.Orders.Get(ctx, b.OrderID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Bookings.SetStatus(ctx, b.ID, "failed", nil, nil); err != nil {
			return err
		}
		if b.Leg != string(courier.LegPickup) {
			return nil
		}
		env, err := events.New(courierEventID(ev), events.PickupFailed, o.ID.String(), o.CustomerID.String(),
			events.PickupFailedData{BookingID: ev.BookingID, Reason: ev.Reason})
		if err != nil {
			return err
		}
		return r.Outbox.Add(ctx, store.OutboxFrom(events.TopicOrders, o.ID.String(), env))
	})
}
