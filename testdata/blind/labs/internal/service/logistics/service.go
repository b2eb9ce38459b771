// Package logistics books courier pickups of specimens from collection
// sites and follows them to the lab.
package logistics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/providers/courier"
	"github.com/meridianlabs/labs/internal/store"
)

// Booker books courier pickups.
type Booker interface {
	Book(ctx context.Context, req courier.BookingRequest, opts ...courier.CallOption) (*courier.Booking, error)
}

// ErrInvalidWindow is returned for an unusable pickup window.
var ErrInvalidWindow = errors.New("pickup window must end after it starts and within 24h")

// LabAddress is where specimens are delivered.
type LabAddress = courier.Address

// Service is the logistics service.
type Service struct {
	db      *sql.DB
	repo    *store.Logistics
	queue   *jobs.Queue
	outbox  events.Outbox
	courier Booker
	lab     LabAddress
	log     *slog.Logger
}

// New builds the service.
func New(conn *sql.DB, queue *jobs.Queue, outbox events.Outbox, booker Booker, lab LabAddress, logger *slog.Logger) *Service {
	return &Service{
		db:      conn,
		repo:    store.NewLogistics(conn),
		queue:   queue,
		outbox:  outbox,
		courier: booker,
		lab:     lab,
		log:     logger,
	}
}

// PickupInput is a pickup request from a site.
type PickupInput struct {
	SiteID        string    `json:"site_id"`
	WindowStart   time.Time `json:"window_start"`
	WindowEnd     time.Time `json:"window_end"`
	SpecimenCount int       `json:"specimen_count"`
	Temperature   string    `json:"temperature"`
	Stat          bool      `json:"stat"`
}

// BookPickupPayload is the payload of courier.book_pickup jobs.
type BookPickupPayload struct {
	PickupID string `json:"pickup_id"`
}

// RequestPickup records a pickup request under the requester's
// idempotency key and queues the booking.
func (s *Service) RequestPickup(ctx context.Context, requester, idemKey string, in PickupInput) (store.Pickup, bool, error) {
	if !in.WindowEnd.After(in.WindowStart) || in.WindowEnd.Sub(in.WindowStart) > 24*time.Hour {
		return store.Pickup{}, false, ErrInvalidWindow
	}
	if in.Temperature == "" {
		in.Temperature = "ambient"
	}
	if _, err := s.repo.Site(ctx, in.SiteID); err != nil {
		return store.Pickup{}, false, fmt.Errorf("site %s: %w", in.SiteID, err)
	}
	p := store.Pickup{
		ID:             ids.Prefixed("pk"),
		SiteID:         in.SiteID,
		RequestedBy:    requester,
		IdempotencyKey: idemKey,
		WindowStart:    in.WindowStart,
		WindowEnd:      in.WindowEnd,
		SpecimenCount:  in.SpecimenCount,
		Temperature:    in.Temperature,
		Stat:           in.Stat,
	}
	var created bool
	err := db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		var err error
		created, err = s.repo.WithTx(tx).CreatePickup(ctx, &p)
		if err != nil || !created {
			return err
		}
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindBookPickup, BookPickupPayload{PickupID: p.ID},
			jobs.WithDedupeKey("book:"+p.ID))
		return err
	})
	return p, created, err
}

func serviceLevel(p store.Pickup) string {
	if p.Stat {
		return "stat"
	}
	return "scheduled"
}

// BookPickup books the courier for a requested pickup.
func (s *Service) BookPickup(ctx context.Context, pickupID string) error {
	p, err := s.repo.Pickup(ctx, pickupID)
	if err != nil {
		return err
	}
	if p.Status != "requested" {
		return nil
	}
	site, err := s.repo.Site(ctx, p.SiteID)
	if err != nil {
		return err
	}

	attempt := uuid.NewString()
	log := s.log.With("pickup_id", p.ID, "attempt", attempt)
	booking, err := s.courier.Book(ctx, courier.BookingRequest{
		Reference: p.ID,
		Zone:      site.CourierZone,
		Pickup: courier.Address{
			Name:       site.Name,
			Line1:      site.AddressLine1,
			City:       site.City,
			Region:     site.Region,
			PostalCode: site.PostalCode,
			Phone:      site.ContactPhone,
		},
		Dropoff:       s.lab,
		WindowStart:   p.WindowStart,
		WindowEnd:     p.WindowEnd,
		SpecimenCount: p.SpecimenCount,
		Temperature:   p.Temperature,
		ServiceLevel:  serviceLevel(p),
	}, courier.WithIdempotencyKey(attempt))
	if err != nil {
		log.Warn("courier booking failed", "err", err)
		return err
	}

	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		ok, err := s.repo.WithTx(tx).MarkBooked(ctx, p.ID, booking.ID, booking.TrackingURL)
		if err != nil || !ok {
			return err
		}
		log.Info("pickup booked", "booking_id", booking.ID, "eta", booking.ETA)
		return s.outbox.Publish(ctx, tx, events.TopicPickupBooked, events.PickupBooked{
			PickupID:  p.ID,
			SiteID:    p.SiteID,
			BookingID: booking.ID,
		})
	})
}

// CourierEvent is a status webhook from the courier.
type CourierEvent struct {
	ID         string    `json:"id"`
	BookingID  string    `json:"booking_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

// HandleCourierEvent records a courier status event and advances the
// pickup.
func (s *Service) HandleCourierEvent(ctx context.Context, evt CourierEvent) error {
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		repo := s.repo.WithTx(tx)
		fresh, err := repo.InsertCourierEvent(ctx, evt.ID, evt.BookingID, evt.Status, evt.OccurredAt)
		if err != nil || !fresh {
			return err
		}
		return repo.ApplyCourierStatus(ctx, evt.BookingID, evt.Status)
	})
}
