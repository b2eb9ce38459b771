// Package telemetry applies the events scooters send over the telematics
// queue to the fleet and ride records.
package telemetry

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/jobs/jobargs"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/regulator"
	"github.com/kickvolt/ridecore/internal/service/fines"
	"github.com/kickvolt/ridecore/internal/store"
)

type Scooters interface {
	AddOdometer(ctx context.Context, id string, deltaM int64, pos domain.Position, seenAt time.Time) error
	SetBatteryLevel(ctx context.Context, id string, pct int, seenAt time.Time) error
	AddEnergyUsed(ctx context.Context, id string, deltaWh int64) error
}

type Rides interface {
	ActiveForScooter(ctx context.Context, scooterID string) (*domain.Ride, error)
	AddDistance(ctx context.Context, id uuid.UUID, deltaM int64) error
}

type Samples interface {
	InsertSample(ctx context.Context, s store.Sample) error
}

type Inbox interface {
	Claim(ctx context.Context, messageID, eventType string) (bool, error)
}

type Incidents interface {
	InsertIncident(ctx context.Context, inc *domain.Incident) (bool, error)
}

type IncidentReporter interface {
	ReportIncident(ctx context.Context, inc regulator.Incident) (string, error)
}

type ParkingFiner interface {
	IssueForParking(ctx context.Context, v fines.ParkingViolation) error
}

type RideEnder interface {
	EndFromLock(ctx context.Context, scooterID string, at time.Time, pos domain.Position) error
}

type JobQueue interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

type Service struct {
	Tx        pgstore.Transactor
	Scooters  Scooters
	Rides     Rides
	Samples   Samples
	Inbox     Inbox
	Incidents Incidents
	Regulator IncidentReporter
	Fines     ParkingFiner
	Ender     RideEnder
	Jobs      JobQueue
	Log       *slog.Logger
}

// HandleHeartbeat advances the odometer and, during a ride, the ride's
// distance.
func (s *Service) HandleHeartbeat(ctx context.Context, ev Event[Heartbeat]) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Scooters.AddOdometer(ctx, ev.ScooterID, ev.Data.OdometerDeltaM, ev.Data.Position, ev.EmittedAt); err != nil {
			return err
		}
		ride, err := s.Rides.ActiveForScooter(ctx, ev.ScooterID)
		switch {
		case errors.Is(err, pgstore.ErrNotFound):
		case err != nil:
			return err
		default:
			if err := s.Rides.AddDistance(ctx, ride.ID, ev.Data.OdometerDeltaM); err != nil {
				return err
			}
		}
		return s.Samples.InsertSample(ctx, store.Sample{
			ScooterID:  ev.ScooterID,
			RecordedAt: ev.EmittedAt,
			Position:   ev.Data.Position,
			SpeedKmh:   ev.Data.SpeedKmh,
		})
	})
}

// HandleBatteryReport stores the battery level and the energy drawn.
func (s *Service) HandleBatteryReport(ctx context.Context, ev Event[BatteryReport]) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		first, err := s.Inbox.Claim(ctx, ev.MessageID, "battery_report")
		if err != nil || !first {
			return err
		}
		if err := s.Scooters.SetBatteryLevel(ctx, ev.ScooterID, ev.Data.BatteryPct, ev.EmittedAt); err != nil {
			return err
		}
		if err := s.Scooters.AddEnergyUsed(ctx, ev.ScooterID, ev.Data.EnergyDeltaWh); err != nil {
			return err
		}
		pct := ev.Data.BatteryPct
		return s.Samples.InsertSample(ctx, store.Sample{ScooterID: ev.ScooterID, RecordedAt: ev.EmittedAt, BatteryPct: &pct})
	})
}

// HandleBatteryLow asks for a technician to swap the battery.
func (s *Service) HandleBatteryLow(ctx context.Context, ev Event[BatteryLow]) error {
	_, err := s.Jobs.Enqueue(ctx, jobargs.SwapDispatch{
		ScooterID:   ev.ScooterID,
		ZoneID:      ev.Data.ZoneID,
		BatteryPct:  ev.Data.BatteryPct,
		RequestedAt: time.Now().UTC(),
	}, &river.InsertOpts{
		Queue: "fleet",
		// One dispatch per scooter request; the firmware re-raises the
		// alert every two hours until the battery is swapped.
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 2 * time.Hour},
	})
	return err
}

// HandleParked fines the last rider when the scooter was left outside a
// parking zone.
func (s *Service) HandleParked(ctx context.Context, ev Event[Parked]) error {
	if ev.Data.InParkingZone {
		return nil
	}
	return s.Fines.IssueForParking(ctx, fines.ParkingViolation{
		ScooterID:  ev.ScooterID,
		DetectedAt: ev.EmittedAt,
		Position:   ev.Data.Position,
	})
}

// HandleCrash files the incident with the city (required within 24h) and
// keeps our own record of it.
func (s *Service) HandleCrash(ctx context.Context, ev Event[CrashDetected]) error {
	severity := "minor"
	if ev.Data.PeakG >= 8 {
		severity = "major"
	}
	var rideID *uuid.UUID
	if ride, err := s.Rides.ActiveForScooter(ctx, ev.ScooterID); err == nil {
		rideID = &ride.ID
	}

	inc := regulator.Incident{
		VehicleID:  ev.ScooterID,
		OccurredAt: ev.EmittedAt,
		Location:   [2]float64{ev.Data.Position.Lng, ev.Data.Position.Lat},
		Severity:   severity,
	}
	if rideID != nil {
		inc.TripID = rideID.String()
	}
	caseRef, err := s.Regulator.ReportIncident(ctx, inc)
	if err != nil {
		return err
	}

	_, err = s.Incidents.InsertIncident(ctx, &domain.Incident{
		ID:           uuid.New(),
		ScooterID:    ev.ScooterID,
		RideID:       rideID,
		Severity:     severity,
		OccurredAt:   ev.EmittedAt,
		Position:     ev.Data.Position,
		RegulatorRef: caseRef,
	})
	return err
}

// HandleLockEngaged ends a ride the rider forgot to end in the app.
func (s *Service) HandleLockEngaged(ctx context.Context, ev Event[LockEngaged]) error {
	return s.Ender.EndFromLock(ctx, ev.ScooterID, ev.EmittedAt, ev.Data.Position)
}
