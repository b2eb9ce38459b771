// Package carrier hands orders to ParcelHop, the third-party carrier used
// for out-of-zone deliveries.
package carrier

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/xid"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/providers/carrierapi"
)

var (
	// ErrNotBooked is returned when a pickup is requested before the booking
	// is confirmed.
	ErrNotBooked = errors.New("handoff has no confirmed carrier booking")
	// ErrBadWindow is returned for unusable pickup windows.
	ErrBadWindow = errors.New("pickup window must be at least 60 minutes and in the future")
)

// HandoffRequested is the message on TopicHandoffRequested.
type HandoffRequested struct {
	HandoffID    string            `json:"handoff_id"`
	OrderID      string            `json:"order_id"`
	Carrier      string            `json:"carrier"`
	ServiceLevel string            `json:"service_level"`
	Parcel       carrierapi.Parcel `json:"parcel"`
}

// PickupWindow is when the carrier should collect from our hub.
type PickupWindow struct {
	Start time.Time
	End   time.Time
	Notes string
}

// Service books carrier handoffs.
type Service interface {
	BookHandoff(ctx context.Context, m HandoffRequested) error
	SchedulePickup(ctx context.Context, handoffID string, w PickupWindow) (*domain.CarrierPickup, error)
}

type service struct {
	tx       database.Transactor
	handoffs *database.Repo[domain.CarrierHandoff]
	bookings *database.Repo[domain.CarrierBooking]
	pickups  *database.Repo[domain.CarrierPickup]
	orders   *database.Repo[domain.Order]
	api      carrierapi.Client
	hub      carrierapi.Address
}

// NewService builds the carrier Service.
func NewService(tx database.Transactor, db *gorm.DB, api carrierapi.Client) *service {
	return &service{
		tx:       tx,
		handoffs: database.NewRepo[domain.CarrierHandoff](db),
		bookings: database.NewRepo[domain.CarrierBooking](db),
		pickups:  database.NewRepo[domain.CarrierPickup](db),
		orders:   database.NewRepo[domain.Order](db),
		api:      api,
		hub:      carrierapi.Address{Name: "Quaymile Central Hub", Line1: "Unit 4, Quay Road", City: "London", Postcode: "E14 9QA", Country: "GB"},
	}
}

// BookHandoff creates the ParcelHop booking for a handoff.
func (s *service) BookHandoff(ctx context.Context, m HandoffRequested) error {
	now := time.Now().UTC()
	if _, err := s.handoffs.CreateIfAbsent(ctx, &domain.CarrierHandoff{
		ID: m.HandoffID, OrderID: m.OrderID, Carrier: m.Carrier, ServiceLevel: m.ServiceLevel, Status: "requested", CreatedAt: now,
	}, "id"); err != nil {
		return err
	}
	if _, err := s.bookings.CreateIfAbsent(ctx, &domain.CarrierBooking{
		HandoffID: m.HandoffID, Status: "requested", RequestedAt: now,
	}, "handoff_id"); err != nil {
		return err
	}
	booking, err := s.bookings.FindOne(ctx, "handoff_id = ?", m.HandoffID)
	if err != nil {
		return err
	}
	if booking.Status == "booked" {
		return nil
	}
	order, err := s.orders.Get(ctx, m.OrderID)
	if err != nil {
		return err
	}

	req := carrierapi.NewBooking(order.ID).
		Service(m.ServiceLevel).
		From(s.hub).
		To(carrierapi.Address{Name: order.RecipientName, Line1: order.DropoffAddress, Country: "GB", Phone: order.RecipientPhone}).
		Parcel(m.Parcel).
		CashOnDelivery(order.CODAmountCents).
		IdempotencyKey(xid.New().String()).
		Build()
	res, err := s.api.CreateBooking(ctx, req)
	if err != nil {
		return fmt.Errorf("parcelhop booking: %w", err)
	}

	return s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		bookedAt := time.Now().UTC()
		if _, err := s.bookings.UpdateWhere(txCtx, map[string]any{
			"status": "booked", "booking_ref": res.BookingRef, "label_url": res.LabelURL, "booked_at": bookedAt,
		}, "handoff_id = ?", m.HandoffID); err != nil {
			return err
		}
		if _, err := s.handoffs.UpdateWhere(txCtx, map[string]any{"status": "booked"}, "id = ?", m.HandoffID); err != nil {
			return err
		}
		_, err := s.orders.UpdateWhere(txCtx, map[string]any{"status": domain.OrderHandedOff, "updated_at": bookedAt}, "id = ?", order.ID)
		return err
	})
}

// SchedulePickup asks ParcelHop to collect a booked parcel from the hub.
func (s *service) SchedulePickup(ctx context.Context, handoffID string, w PickupWindow) (*domain.CarrierPickup, error) {
	if w.End.Sub(w.Start) < time.Hour || w.Start.Before(time.Now()) {
		return nil, ErrBadWindow
	}
	booking, err := s.bookings.FindOne(ctx, "handoff_id = ?", handoffID)
	if err != nil {
		return nil, err
	}
	if booking.Status != "booked" {
		return nil, ErrNotBooked
	}

	res, err := s.api.RequestPickup(ctx, carrierapi.PickupRequest{
		BookingRefs: []string{booking.BookingRef},
		WindowStart: w.Start,
		WindowEnd:   w.End,
		Address:     s.hub,
		Notes:       w.Notes,
	})
	if err != nil {
		return nil, fmt.Errorf("parcelhop pickup: %w", err)
	}

	pickup := &domain.CarrierPickup{
		ID:          res.PickupID,
		HandoffID:   handoffID,
		WindowStart: w.Start,
		WindowEnd:   w.End,
		Status:      res.Status,
		CreatedAt:   time.Now().UTC(),
	}
	err = s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		if err := s.pickups.Create(txCtx, pickup); err != nil {
			return err
		}
		_, err := s.handoffs.UpdateWhere(txCtx, map[string]any{"status": "pickup_scheduled"}, "id = ?", handoffID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return pickup, nil
}
