// Package rides runs the ride lifecycle: unlocking a scooter, ending the
// ride from the app or from the scooter's lock, and queueing the charge.
package rides

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/jobs/jobargs"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/reqctx"
)

// ErrIdempotencyKeyRequired is returned when an unlock arrives without the
// Idempotency-Key header; the app always sends one.
var ErrIdempotencyKeyRequired = errors.New("Idempotency-Key header is required")

// unlockNamespace scopes ride IDs derived from unlock requests.
var unlockNamespace = uuid.MustParse("6f1c2a7e-44b0-4d43-9a55-3c1e0d7b9f21")

type Store interface {
	Create(ctx context.Context, r *domain.Ride) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Ride, error)
	GetByUnlockKey(ctx context.Context, riderID uuid.UUID, key string) (*domain.Ride, error)
	ActiveForScooter(ctx context.Context, scooterID string) (*domain.Ride, error)
	End(ctx context.Context, id uuid.UUID, endedAt time.Time, pos domain.Position, endedBy string) (bool, error)
}

type Scooters interface {
	Get(ctx context.Context, id string) (*domain.Scooter, error)
	MarkInRide(ctx context.Context, id string) (bool, error)
	Release(ctx context.Context, id string, pos domain.Position) error
}

type Unlocker interface {
	Unlock(ctx context.Context, scooterID, commandID string) error
}

type JobQueue interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

type Service struct {
	tx       pgstore.Transactor
	rides    Store
	scooters Scooters
	unlocker Unlocker
	jobs     JobQueue
	log      *slog.Logger
	now      func() time.Time
}

func New(tx pgstore.Transactor, rides Store, scooters Scooters, unlocker Unlocker, jobs JobQueue, log *slog.Logger) *Service {
	return &Service{tx: tx, rides: rides, scooters: scooters, unlocker: unlocker, jobs: jobs, log: log, now: time.Now}
}

// chargeOpts makes the charge job unique per ride, whoever ends it.
var chargeOpts = &river.InsertOpts{
	Queue:      "billing",
	UniqueOpts: river.UniqueOpts{ByArgs: true},
}

// Start unlocks a scooter for a rider.
func (s *Service) Start(ctx context.Context, riderID uuid.UUID, scooterID string) (*domain.Ride, error) {
	key, ok := reqctx.IdempotencyKeyFrom(ctx)
	if !ok {
		return nil, ErrIdempotencyKeyRequired
	}
	sc, err := s.scooters.Get(ctx, scooterID)
	if err != nil {
		return nil, err
	}

	ride := &domain.Ride{
		// The same rider repeating the same unlock request names the same ride.
		ID:        uuid.NewSHA1(unlockNamespace, []byte(riderID.String()+"/"+key)),
		RiderID:   riderID,
		ScooterID: scooterID,
		ZoneID:    sc.ZoneID,
		UnlockKey: key,
		Status:    domain.RideActive,
		StartedAt: s.now().UTC(),
		Start:     sc.Position,
	}
	ride, err = pgstore.InTxValue(ctx, s.tx, func(ctx context.Context) (*domain.Ride, error) {
		created, err := s.rides.Create(ctx, ride)
		if err != nil {
			return nil, err
		}
		if !created {
			return s.rides.GetByUnlockKey(ctx, riderID, key)
		}
		took, err := s.scooters.MarkInRide(ctx, scooterID)
		if err != nil {
			return nil, err
		}
		if !took {
			return nil, domain.ErrScooterUnavailable
		}
		return ride, nil
	})
	if err != nil {
		return nil, err
	}
	if ride.Status != domain.RideActive {
		return ride, nil
	}
	if err := s.unlocker.Unlock(ctx, scooterID, "unlock-"+ride.ID.String()); err != nil {
		return nil, fmt.Errorf("unlock scooter: %w", err)
	}
	return ride, nil
}

// End finishes a ride from the app.
func (s *Service) End(ctx context.Context, riderID, rideID uuid.UUID, pos domain.Position) (*domain.Ride, error) {
	return pgstore.InTxValue(ctx, s.tx, func(ctx context.Context) (*domain.Ride, error) {
		ride, err := s.rides.Get(ctx, rideID)
		if err != nil {
			return nil, err
		}
		if ride.RiderID != riderID {
			return nil, domain.ErrForbidden
		}
		ended, err := s.rides.End(ctx, rideID, s.now().UTC(), pos, "rider")
		if err != nil {
			return nil, err
		}
		if !ended {
			// Already ended (by an earlier attempt or by the lock); answer
			// with the ride as it stands.
			return ride, nil
		}
		if err := s.scooters.Release(ctx, ride.ScooterID, pos); err != nil {
			return nil, err
		}
		charge := jobargs.ChargeRide{RideID: rideID.String(), EndedBy: "rider", QueuedAt: s.now().UTC()}
		if _, err := s.jobs.Enqueue(ctx, charge, chargeOpts); err != nil {
			return nil, fmt.Errorf("queue charge: %w", err)
		}
		return s.rides.Get(ctx, rideID)
	})
}

// EndFromLock closes the ride on a scooter whose lock engaged while a ride
// was still open, which happens when the app dies before the rider taps
// "end ride".
func (s *Service) EndFromLock(ctx context.Context, scooterID string, at time.Time, pos domain.Position) error {
	ride, err := s.rides.ActiveForScooter(ctx, scooterID)
	if errors.Is(err, pgstore.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	ended, err := s.rides.End(ctx, ride.ID, at, pos, "lock_event")
	if err != nil {
		return err
	}
	if !ended {
		return nil
	}
	s.log.InfoContext(ctx, "ride ended by lock", "ride_id", ride.ID, "scooter_id", scooterID)

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.scooters.Release(ctx, scooterID, pos); err != nil {
			return err
		}
		charge := jobargs.ChargeRide{RideID: ride.ID.String(), EndedBy: "lock_event", QueuedAt: time.Now().UTC()}
		_, err := s.jobs.Enqueue(ctx, charge, chargeOpts)
		return err
	})
}
