// Package trips owns the trip lifecycle: creation once a ride is approved,
// dispatch to a driver and the status updates drivers send from the road.
package trips

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type TripStore interface {
	InsertForRide(ctx context.Context, t *models.Trip) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*models.Trip, error)
	Assign(ctx context.Context, tripID, driverID uuid.UUID) (bool, error)
	Transition(ctx context.Context, tripID uuid.UUID, from []models.TripStatus, to models.TripStatus, miles *float64) (bool, error)
	AddHistory(ctx context.Context, tripID uuid.UUID, status models.TripStatus, at time.Time) error
}

type RideReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Ride, error)
}

type DriverFinder interface {
	NextAvailable(ctx context.Context, day time.Time) (*models.Driver, error)
}

type QuotaCounter interface {
	ConsumeQuota(ctx context.Context, clinicID uuid.UUID) error
}

type Outbox interface {
	Add(ctx context.Context, subject string, payload any) error
}

// FareFunc prices a ride in cents.
type FareFunc func(ride *models.Ride) int64

// ErrNoDriver means nobody is free right now; dispatch retries later.
var ErrNoDriver = errors.New("no driver available")

type Service struct {
	tx      database.Transactor
	trips   TripStore
	rides   RideReader
	drivers DriverFinder
	quota   QuotaCounter
	outbox  Outbox
	fare    FareFunc
	now     func() time.Time
}

func NewService(tx database.Transactor, trips TripStore, rides RideReader, drivers DriverFinder, quota QuotaCounter, outbox Outbox, fare FareFunc) *Service {
	return &Service{tx: tx, trips: trips, rides: rides, drivers: drivers, quota: quota, outbox: outbox, fare: fare, now: time.Now}
}

// FlatFare is the default tariff: a base fee plus a mobility surcharge.
func FlatFare(ride *models.Ride) int64 {
	base := int64(3500)
	switch ride.Mobility {
	case "wheelchair":
		base += 2500
	case "stretcher":
		base += 9000
	}
	return base
}

// CreateForRide opens the trip for an approved ride and queues dispatch.
func (s *Service) CreateForRide(ctx context.Context, rideID uuid.UUID) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ride, err := s.rides.Get(ctx, rideID)
		if err != nil {
			return err
		}
		if ride.Status != models.RideApproved {
			return nil
		}
		trip := &models.Trip{
			ID:            uuid.New(),
			RideID:        ride.ID,
			ClinicID:      ride.ClinicID,
			Status:        models.TripPending,
			FareCents:     s.fare(ride),
			BillingStatus: "unbilled",
		}
		created, err := s.trips.InsertForRide(ctx, trip)
		if err != nil {
			return fmt.Errorf("insert trip: %w", err)
		}
		if !created {
			return nil
		}
		if err := s.quota.ConsumeQuota(ctx, ride.ClinicID); err != nil {
			return err
		}
		return s.outbox.Add(ctx, events.SubjectTripDispatch, events.TripDispatch{TripID: trip.ID})
	})
}

// Dispatch assigns a pending trip to the next free driver.
func (s *Service) Dispatch(ctx context.Context, tripID uuid.UUID) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		trip, err := s.trips.Get(ctx, tripID)
		if err != nil {
			return err
		}
		if trip.Status != models.TripPending {
			return nil
		}
		driver, err := s.drivers.NextAvailable(ctx, s.now())
		if errors.Is(err, apperr.ErrNotFound) {
			return ErrNoDriver
		}
		if err != nil {
			return err
		}
		assigned, err := s.trips.Assign(ctx, trip.ID, driver.ID)
		if err != nil || !assigned {
			return err
		}
		return s.outbox.Add(ctx, events.SubjectTripAssigned, events.TripAssigned{TripID: trip.ID, DriverID: driver.ID})
	})
}

// allowedFrom lists the statuses a trip may move out of into each target.
var allowedFrom = map[models.TripStatus][]models.TripStatus{
	models.TripEnRoute:   {models.TripAssigned},
	models.TripPickedUp:  {models.TripEnRoute, models.TripAssigned},
	models.TripCompleted: {models.TripPickedUp},
	models.TripNoShow:    {models.TripEnRoute, models.TripAssigned},
}

type StatusUpdate struct {
	TripID   uuid.UUID
	DriverID uuid.UUID
	Status   models.TripStatus
	Miles    *float64
}

// UpdateStatus applies a driver's status report. Reports that repeat the
// trip's current status succeed without side effects.
func (s *Service) UpdateStatus(ctx context.Context, in StatusUpdate) (*models.Trip, error) {
	from, ok := allowedFrom[in.Status]
	if !ok {
		return nil, apperr.Invalid("drivers cannot set status %q", in.Status)
	}
	var out *models.Trip
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		trip, err := s.trips.Get(ctx, in.TripID)
		if err != nil {
			return err
		}
		if trip.DriverID == nil || *trip.DriverID != in.DriverID {
			return apperr.Forbidden("trip is not assigned to this driver")
		}
		changed, err := s.trips.Transition(ctx, trip.ID, from, in.Status, in.Miles)
		if err != nil {
			return err
		}
		if !changed {
			if trip.Status == in.Status {
				out = trip
				return nil
			}
			return apperr.Conflict("trip is %s, cannot move to %s", trip.Status, in.Status)
		}

		at := s.now().UTC()
		if err := s.trips.AddHistory(ctx, trip.ID, in.Status, at); err != nil {
			return err
		}
		ev := events.TripStatusChanged{TripID: trip.ID, ClinicID: trip.ClinicID, Status: string(in.Status), OccurredAt: at}
		if err := s.outbox.Add(ctx, events.SubjectTripStatus, ev); err != nil {
			return err
		}
		if in.Status == models.TripCompleted {
			if err := s.outbox.Add(ctx, events.SubjectTripCompleted, events.TripCompleted{TripID: trip.ID, ClinicID: trip.ClinicID}); err != nil {
				return err
			}
		}
		trip.Status = in.Status
		out = trip
		return nil
	})
	return out, err
}
