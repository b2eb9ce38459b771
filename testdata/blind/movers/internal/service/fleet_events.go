package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/ids"
	"github.com/haulright/movers/internal/provider/fleet"
	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/repository"
)

// FleetEventService applies TruckPool events delivered over SQS.
type FleetEventService interface {
	TruckAssigned(ctx context.Context, evt fleet.Event) error
	TruckReturned(ctx context.Context, evt fleet.Event) error
	DamageReported(ctx context.Context, evt fleet.Event) error
	RentalOverage(ctx context.Context, evt fleet.Event) error
}

const sourceTruckPool = "truckpool"

type fleetEventService struct {
	db        *gorm.DB
	trucks    repository.TruckRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	events    repository.EventRepository
	notes     repository.NotificationRepository
	claims    ClaimService
	gateway   payments.Client
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewFleetEventService(
	db *gorm.DB,
	trucks repository.TruckRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	events repository.EventRepository,
	notes repository.NotificationRepository,
	claims ClaimService,
	gateway payments.Client,
	q jobs.Enqueuer,
	log *slog.Logger,
) FleetEventService {
	return &fleetEventService{db: db, trucks: trucks, bookings: bookings, customers: customers,
		events: events, notes: notes, claims: claims, gateway: gateway, jobs: q, log: log}
}

// ErrUnknownReservation is returned for events about reservations made
// outside this platform; the consumer drops them.
var ErrUnknownReservation = errors.New("fleet: unknown reservation")

func (s *fleetEventService) reservation(ctx context.Context, repo repository.TruckRepository, partnerID string) (*domain.TruckReservation, error) {
	res, err := repo.ByPartnerID(ctx, partnerID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrUnknownReservation
	}
	return res, err
}

func (s *fleetEventService) TruckAssigned(ctx context.Context, evt fleet.Event) error {
	if evt.Assigned == nil {
		return fmt.Errorf("truck.assigned %s: missing body", evt.EventID)
	}
	var staged []*domain.Notification
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		trucks := s.trucks.WithTx(tx)
		res, err := s.reservation(ctx, trucks, evt.ReservationID)
		if err != nil {
			return err
		}
		if err := trucks.CreateAssignment(ctx, &domain.TruckAssignment{
			PartnerReservationID: evt.ReservationID,
			TruckUnit:            evt.Assigned.TruckUnit,
			Plate:                evt.Assigned.Plate,
			Depot:                evt.Assigned.Depot,
			AssignedAt:           evt.OccurredAt,
		}); err != nil {
			return err
		}
		if err := trucks.SetStatus(ctx, res.ID, "assigned"); err != nil {
			return err
		}
		b, err := s.bookings.WithTx(tx).Get(ctx, res.BookingID)
		if err != nil {
			return err
		}
		cust, err := s.customers.WithTx(tx).Get(ctx, b.CustomerID)
		if err != nil {
			return err
		}
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &b.ID, Channel: domain.ChannelSMS, Template: "truck_assigned",
			To: cust.Phone, Body: truckAssignedSMS(evt.Assigned.TruckUnit, evt.Assigned.Depot),
			Key: evt.ReservationID,
		})
		return err
	})
	if err != nil {
		return err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return nil
}

func (s *fleetEventService) TruckReturned(ctx context.Context, evt fleet.Event) error {
	if evt.Returned == nil {
		return fmt.Errorf("truck.returned %s: missing body", evt.EventID)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		fresh, err := s.events.WithTx(tx).Claim(ctx, sourceTruckPool, evt.EventID)
		if err != nil || !fresh {
			return err
		}
		trucks := s.trucks.WithTx(tx)
		res, err := s.reservation(ctx, trucks, evt.ReservationID)
		if err != nil {
			return err
		}
		if err := trucks.AddMileage(ctx, &domain.MileageRecord{
			PartnerReservationID: evt.ReservationID,
			OdometerOut:          evt.Returned.OdometerOut,
			OdometerIn:           evt.Returned.OdometerIn,
			FuelLevel:            evt.Returned.FuelLevel,
			ReturnedAt:           evt.OccurredAt,
		}); err != nil {
			return err
		}
		return trucks.SetStatus(ctx, res.ID, "returned")
	})
}

func (s *fleetEventService) DamageReported(ctx context.Context, evt fleet.Event) error {
	if evt.Damage == nil {
		return fmt.Errorf("truck.damage_reported %s: missing body", evt.EventID)
	}
	seen, err := s.events.Seen(ctx, sourceTruckPool, evt.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	res, err := s.reservation(ctx, s.trucks, evt.ReservationID)
	if err != nil {
		return err
	}
	desc := "Truck damage reported by TruckPool: " + evt.Damage.Description
	if evt.Damage.PhotoURL != "" {
		desc += " (" + evt.Damage.PhotoURL + ")"
	}
	claim, err := s.claims.File(ctx, FileClaimInput{
		BookingID:       res.BookingID,
		Source:          "fleet",
		ItemDescription: desc,
		AmountCents:     evt.Damage.EstimateCents,
	})
	if err != nil {
		return err
	}
	s.log.Info("fleet damage claim opened", "claim", claim.ID, "reservation", evt.ReservationID)
	return s.events.MarkSeen(ctx, sourceTruckPool, evt.EventID)
}

func (s *fleetEventService) RentalOverage(ctx context.Context, evt fleet.Event) error {
	if evt.Overage == nil || evt.Overage.AmountCents <= 0 {
		return nil
	}
	res, err := s.reservation(ctx, s.trucks, evt.ReservationID)
	if err != nil {
		return err
	}
	b, err := s.bookings.Get(ctx, res.BookingID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	if cust.CardToken == nil {
		return ErrNoCardOnFile
	}

	key := ids.New("ovg")
	charge, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents: evt.Overage.AmountCents,
		Currency:    "usd",
		CardToken:   *cust.CardToken,
		Description: fmt.Sprintf("Truck mileage overage, %d extra miles", evt.Overage.ExtraMiles),
		Capture:     true,
		Metadata:    map[string]string{"reservation": evt.ReservationID, "event": evt.EventID},
	}, payments.WithIdempotencyKey(key))
	if err != nil {
		return fmt.Errorf("overage charge: %w", err)
	}
	_, err = s.trucks.AddOverageCharge(ctx, &domain.OverageCharge{
		ID:                   uuid.New(),
		PartnerReservationID: evt.ReservationID,
		FleetEventID:         evt.EventID,
		AmountCents:          evt.Overage.AmountCents,
		ProviderChargeID:     &charge.ID,
		CreatedAt:            time.Now().UTC(),
	})
	return err
}
