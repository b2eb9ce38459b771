package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gearloop/rentals/internal/courier"
	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/store"
)

// ScheduleDeliveryInput books the outbound courier leg.
type ScheduleDeliveryInput struct {
	Pickup      courier.Address `json:"pickup"`
	Dropoff     courier.Address `json:"dropoff"`
	WindowStart time.Time       `json:"window_start"`
	ParcelSize  string          `json:"parcel_size"`
}

// Deliveries schedules courier legs and tracks their progress.
type Deliveries interface {
	ScheduleOutbound(ctx context.Context, actorID, bookingID string, in ScheduleDeliveryInput) (domain.Delivery, error)
	ScheduleReturn(ctx context.Context, bookingID string) error
	ApplyCourierEvent(ctx context.Context, ev courier.StatusEvent) error
}

// CourierAPI is the part of the courier client the service uses.
type CourierAPI interface {
	CreateJob(ctx context.Context, req courier.JobRequest) (courier.Job, error)
}

type deliveryService struct {
	uow     store.UnitOfWork
	repos   store.Repos
	courier CourierAPI
	events  events.Publisher
	clock   Clock
	log     *slog.Logger
}

// NewDeliveries builds the delivery service.
func NewDeliveries(uow store.UnitOfWork, repos store.Repos, c CourierAPI, pub events.Publisher,
	clock Clock, log *slog.Logger) Deliveries {
	return &deliveryService{uow: uow, repos: repos, courier: c, events: pub, clock: clock, log: log}
}

// encodeAddress flattens an address for storage.
func encodeAddress(a courier.Address) string {
	return fmt.Sprintf("%s|%s|%s|%s|%s", a.Line1, a.City, a.PostalCode, a.Country, a.Contact)
}

func decodeAddress(s string) courier.Address {
	var a courier.Address
	parts := splitN(s, '|', 5)
	a.Line1, a.City, a.PostalCode, a.Country, a.Contact = parts[0], parts[1], parts[2], parts[3], parts[4]
	return a
}

func splitN(s string, sep byte, n int) []string {
	out := make([]string, 0, n)
	start := 0
	for i := 0; i < len(s) && len(out) < n-1; i++ {
		if s[i] == sep {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	out = append(out, s[start:])
	for len(out) < n {
		out = append(out, "")
	}
	return out
}

// ScheduleOutbound books the courier that takes the item to the renter.
// The leg is stored (keyed by booking and leg) before the partner is
// called, and the stored client reference is what the partner sees.
func (s *deliveryService) ScheduleOutbound(ctx context.Context, actorID, bookingID string, in ScheduleDeliveryInput) (domain.Delivery, error) {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return domain.Delivery{}, err
	}
	if actorID != b.OwnerID && actorID != b.RenterID {
		return domain.Delivery{}, domain.ErrForbidden
	}
	if b.Status != domain.BookingConfirmed {
		return domain.Delivery{}, fmt.Errorf("%w: booking is %s", domain.ErrInvalidState, b.Status)
	}
	now := s.clock.Now()
	var d domain.Delivery
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		d, err = r.Deliveries.Upsert(ctx, domain.Delivery{
			ID:              ids.NewUUID(),
			BookingID:       b.ID,
			Leg:             domain.LegOutbound,
			Status:          domain.DeliveryPending,
			ClientReference: ids.Prefixed("dlv"),
			PickupAddress:   encodeAddress(in.Pickup),
			DropoffAddress:  encodeAddress(in.Dropoff),
			ScheduledFor:    in.WindowStart,
			CreatedAt:       now,
			UpdatedAt:       now,
		})
		return err
	})
	if err != nil {
		return domain.Delivery{}, err
	}
	if d.CourierJobID.Valid {
		return d, nil
	}

	job, err := s.courier.CreateJob(ctx, courier.JobRequest{
		ClientReference: d.ClientReference,
		Pickup:          decodeAddress(d.PickupAddress),
		Dropoff:         decodeAddress(d.DropoffAddress),
		WindowStart:     d.ScheduledFor,
		WindowEnd:       d.ScheduledFor.Add(2 * time.Hour),
		ParcelSize:      in.ParcelSize,
		Notes:           "Booking " + b.ID,
	})
	if err != nil {
		return domain.Delivery{}, fmt.Errorf("book courier: %w", err)
	}
	if err := s.repos.Deliveries.MarkScheduled(ctx, d.ID, job.ID); err != nil {
		return domain.Delivery{}, err
	}
	d.CourierJobID = sql.NullString{String: job.ID, Valid: true}
	d.Status = domain.DeliveryScheduled
	return d, nil
}

// ScheduleReturn books the pick-up that brings the item back to the owner
// at the end of the rental, reversing the outbound leg.
func (s *deliveryService) ScheduleReturn(ctx context.Context, bookingID string) error {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		return nil
	}
	out, err := s.repos.Deliveries.GetLeg(ctx, b.ID, domain.LegOutbound)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // renter collected in person; nothing to book
	}
	if err != nil {
		return err
	}
	ret, err := s.repos.Deliveries.GetLeg(ctx, b.ID, domain.LegReturn)
	if err == nil && ret.CourierJobID.Valid {
		return nil
	}
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}

	window := b.EndDay.Add(17 * time.Hour)
	ref := ids.Prefixed("ret")
	job, err := s.courier.CreateJob(ctx, courier.JobRequest{
		ClientReference: ref,
		Pickup:          decodeAddress(out.DropoffAddress),
		Dropoff:         decodeAddress(out.PickupAddress),
		WindowStart:     window,
		WindowEnd:       window.Add(3 * time.Hour),
		ParcelSize:      "medium",
		Notes:           "Return for booking " + b.ID,
	})
	if err != nil {
		return fmt.Errorf("book return courier: %w", err)
	}

	now := s.clock.Now()
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		_, err := r.Deliveries.Upsert(ctx, domain.Delivery{
			ID:              ids.NewUUID(),
			BookingID:       b.ID,
			Leg:             domain.LegReturn,
			Status:          domain.DeliveryScheduled,
			ClientReference: ref,
			CourierJobID:    sql.NullString{String: job.ID, Valid: true},
			PickupAddress:   out.DropoffAddress,
			DropoffAddress:  out.PickupAddress,
			ScheduledFor:    window,
			CreatedAt:       now,
			UpdatedAt:       now,
		})
		return err
	})
}

var courierStatuses = map[string]string{
	"assigned":  domain.DeliveryScheduled,
	"picked_up": domain.DeliveryInTransit,
	"delivered": domain.DeliveryDelivered,
	"failed":    domain.DeliveryFailed,
	"cancelled": domain.DeliveryCancelled,
}

// ApplyCourierEvent records a partner status update and, when the return
// leg is delivered, completes the booking.
func (s *deliveryService) ApplyCourierEvent(ctx context.Context, ev courier.StatusEvent) error {
	status, ok := courierStatuses[ev.Status]
	if !ok {
		s.log.InfoContext(ctx, "ignoring courier status", "status", ev.Status, "job_id", ev.JobID)
		return nil
	}
	var completed *domain.Booking
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		d, err := r.Deliveries.GetByCourierJob(ctx, ev.JobID)
		if errors.Is(err, domain.ErrNotFound) {
			s.log.WarnContext(ctx, "courier event for unknown job", "job_id", ev.JobID)
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Deliveries.InsertEvent(ctx, domain.DeliveryEvent{
			ID:             ids.NewUUID(),
			DeliveryID:     d.ID,
			CourierEventID: ev.EventID,
			Status:         status,
			OccurredAt:     ev.OccurredAt,
			ReceivedAt:     s.clock.Now(),
		}); err != nil {
			return fmt.Errorf("store courier event: %w", err)
		}
		if err := r.Deliveries.SetStatus(ctx, d.ID, status); err != nil {
			return err
		}
		if d.Leg != domain.LegReturn || status != domain.DeliveryDelivered {
			return nil
		}
		moved, err := r.Bookings.Transition(ctx, d.BookingID, domain.BookingConfirmed, domain.BookingCompleted)
		if err != nil || !moved {
			return err
		}
		b, err := r.Bookings.Get(ctx, d.BookingID)
		if err != nil {
			return err
		}
		completed = &b
		return nil
	})
	if err != nil || completed == nil {
		return err
	}
	return s.events.Publish(ctx, domain.NewEvent(domain.EventBookingCompleted, completed.ID, map[string]string{
		"booking_id": completed.ID, "owner_id": completed.OwnerID,
	}))
}
