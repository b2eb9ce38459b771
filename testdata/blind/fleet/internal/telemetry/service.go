// Package telemetry applies the vehicle telematics stream: odometer, fuel
// level and trip summaries.
package telemetry

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/ids"
)

// Tx runs fn in a database transaction.
type Tx interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

type EventRepo interface {
	InsertEvent(ctx context.Context, q db.Ext, eventID string, vehicleID uuid.UUID, kind string, payload []byte, recordedAt time.Time) (bool, error)
	InsertFuelReading(ctx context.Context, q db.Ext, r domain.FuelReading) error
}

// VehicleRepo updates vehicle counters.
type VehicleRepo interface {
	BumpOdometer(ctx context.Context, q db.Ext, id uuid.UUID, odometerKm int) error
	AddServiceKm(ctx context.Context, q db.Ext, id uuid.UUID, km int) error
}

// RentalRepo updates the distance driven on rentals.
type RentalRepo interface {
	ActiveForVehicle(ctx context.Context, q db.Ext, vehicleID uuid.UUID) (domain.Rental, error)
	AddKm(ctx context.Context, q db.Ext, id uuid.UUID, km int) error
}

// Inbox remembers which events a consumer applied.
type Inbox interface {
	Seen(ctx context.Context, q db.Ext, consumer, eventID string) (bool, error)
	MarkSeen(ctx context.Context, q db.Ext, consumer, eventID string) error
}

const consumerTrips = "telemetry.trips"

// Service applies telematics events.
type Service struct {
	db       db.Ext
	tx       Tx
	events   EventRepo
	vehicles VehicleRepo
	rentals  RentalRepo
	inbox    Inbox
	log      *slog.Logger
}

func NewService(q db.Ext, tx Tx, events EventRepo, vehicles VehicleRepo, rentals RentalRepo, inbox Inbox, log *slog.Logger) *Service {
	return &Service{db: q, tx: tx, events: events, vehicles: vehicles, rentals: rentals, inbox: inbox, log: log}
}

func (s *Service) RecordMileage(ctx context.Context, ev domain.MileageEvent) error {
	payload, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(q db.Ext) error {
		fresh, err := s.events.InsertEvent(ctx, q, ev.EventID, ev.VehicleID, "mileage", payload, ev.RecordedAt)
		if err != nil || !fresh {
			return err
		}
		return s.vehicles.BumpOdometer(ctx, q, ev.VehicleID, ev.OdometerKm)
	})
}

// RecordFuel appends a fuel level reading to the vehicle's series.
func (s *Service) RecordFuel(ctx context.Context, ev domain.FuelEvent) error {
	if ev.LevelPct < 0 || ev.LevelPct > 100 {
		s.log.WarnContext(ctx, "fuel level out of range", "event_id", ev.EventID, "level", ev.LevelPct)
		return nil
	}
	return s.events.InsertFuelReading(ctx, s.db, domain.FuelReading{
		ID:         ids.New(),
		VehicleID:  ev.VehicleID,
		EventID:    ev.EventID,
		LevelPct:   ev.LevelPct,
		RecordedAt: ev.RecordedAt,
	})
}

// RecordTrip adds a trip's distance to the open rental (for per-km
// billing) and to the vehicle's service interval counter.
func (s *Service) RecordTrip(ctx context.Context, ev domain.TripEvent) error {
	seen, err := s.inbox.Seen(ctx, s.db, consumerTrips, ev.EventID)
	if err != nil || seen {
		return err
	}
	err = s.tx.InTx(ctx, func(q db.Ext) error {
		if err := s.vehicles.AddServiceKm(ctx, q, ev.VehicleID, ev.DistanceKm); err != nil {
			return err
		}
		r, err := s.rentals.ActiveForVehicle(ctx, q, ev.VehicleID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil // repositioning or workshop trip
		}
		if err != nil {
			return err
		}
		return s.rentals.AddKm(ctx, q, r.ID, ev.DistanceKm)
	})
	if err != nil {
		return err
	}
	return s.inbox.MarkSeen(ctx, s.db, consumerTrips, ev.EventID)
}
