// Package rides handles clinics' ride requests: booking and cancellation.
package rides

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type RideStore interface {
	Insert(ctx context.Context, ride *models.Ride) error
	Get(ctx context.Context, id uuid.UUID) (*models.Ride, error)
	MarkCancelled(ctx context.Context, id uuid.UUID, reason string, at time.Time) error
}

type TripStore interface {
	GetByRide(ctx context.Context, rideID uuid.UUID) (*models.Trip, error)
	Release(ctx context.Context, tripID uuid.UUID) error
}

type PatientStore interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Patient, error)
}

type Outbox interface {
	Add(ctx context.Context, subject string, payload any) error
}

type Service struct {
	tx       database.Transactor
	rides    RideStore
	trips    TripStore
	patients PatientStore
	outbox   Outbox
	now      func() time.Time
}

func NewService(tx database.Transactor, rides RideStore, trips TripStore, patients PatientStore, outbox Outbox) *Service {
	return &Service{tx: tx, rides: rides, trips: trips, patients: patients, outbox: outbox, now: time.Now}
}

type CreateInput struct {
	ClinicID       uuid.UUID
	PatientID      uuid.UUID
	ClientRef      string
	PickupAddress  string
	DropoffAddress string
	PickupAt       time.Time
	Mobility       string
}

var mobilityLevels = map[string]bool{"ambulatory": true, "wheelchair": true, "stretcher": true}

func (in CreateInput) validate(now time.Time) error {
	switch {
	case strings.TrimSpace(in.PickupAddress) == "" || strings.TrimSpace(in.DropoffAddress) == "":
		return apperr.Invalid("pickup and dropoff addresses are required")
	case in.PickupAt.Before(now.Add(2 * time.Hour)):
		return apperr.Invalid("rides must be booked at least two hours ahead")
	case !mobilityLevels[in.Mobility]:
		return apperr.Invalid("unknown mobility level %q", in.Mobility)
	}
	return nil
}

// Create books a ride and queues it for pre-authorisation.
func (s *Service) Create(ctx context.Context, in CreateInput) (*models.Ride, error) {
	now := s.now()
	if in.Mobility == "" {
		in.Mobility = "ambulatory"
	}
	if err := in.validate(now); err != nil {
		return nil, err
	}
	patient, err := s.patients.Get(ctx, in.PatientID)
	if err != nil {
		return nil, err
	}
	if patient.ClinicID != in.ClinicID {
		return nil, apperr.Forbidden("patient belongs to another clinic")
	}

	ride := &models.Ride{
		ID:             uuid.New(),
		ClinicID:       in.ClinicID,
		PatientID:      in.PatientID,
		ClientRef:      in.ClientRef,
		PickupAddress:  in.PickupAddress,
		DropoffAddress: in.DropoffAddress,
		PickupAt:       in.PickupAt.UTC(),
		Mobility:       in.Mobility,
		Status:         models.RideRequested,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.rides.Insert(ctx, ride); err != nil {
			return fmt.Errorf("insert ride: %w", err)
		}
		return s.outbox.Add(ctx, events.SubjectRideRequested, events.RideRequested{RideID: ride.ID, ClinicID: ride.ClinicID})
	})
	if err != nil {
		return nil, err
	}
	return ride, nil
}

func (s *Service) Get(ctx context.Context, clinicID, rideID uuid.UUID) (*models.Ride, error) {
	ride, err := s.rides.Get(ctx, rideID)
	if err != nil {
		return nil, err
	}
	if ride.ClinicID != clinicID {
		return nil, apperr.ErrNotFound
	}
	return ride, nil
}

// Cancel cancels a ride on the clinic's behalf and frees the driver.
func (s *Service) Cancel(ctx context.Context, clinicID, rideID uuid.UUID, reason string) (*models.Ride, error) {
	ride, err := s.Get(ctx, clinicID, rideID)
	if err != nil {
		return nil, err
	}
	if ride.Status == models.RideCancelled {
		return nil, apperr.Conflict("ride %s is already cancelled", ride.ID)
	}

	trip, err := s.trips.GetByRide(ctx, ride.ID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		trip = nil
	case err != nil:
		return nil, err
	case trip.Status == models.TripPickedUp || trip.Status == models.TripCompleted:
		return nil, apperr.Conflict("trip is already under way")
	}

	now := s.now()
	if err := s.rides.MarkCancelled(ctx, ride.ID, reason, now); err != nil {
		return nil, fmt.Errorf("cancel ride: %w", err)
	}
	ride.Status, ride.CancelReason, ride.CancelledAt = models.RideCancelled, reason, &now
	if trip == nil {
		return ride, nil
	}

	// Free the driver straight away so dispatch can offer them other work.
	if err := s.trips.Release(ctx, trip.ID); err != nil {
		return nil, fmt.Errorf("release trip: %w", err)
	}
	err = s.outbox.Add(ctx, events.SubjectTripCancelled, events.TripCancelled{
		TripID:   trip.ID,
		RideID:   ride.ID,
		ClinicID: ride.ClinicID,
		Reason:   reason,
	})
	if err != nil {
		return nil, fmt.Errorf("queue trip cancellation: %w", err)
	}
	return ride, nil
}
