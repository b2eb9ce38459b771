package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/dockcmd"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type UnlockInput struct {
	RiderID        uuid.UUID `json:"rider_id"`
	DockID         string    `json:"dock_id"`
	BikeID         string    `json:"bike_id"`
	PaymentMode    string    `json:"payment_mode"`
	IdempotencyKey string    `json:"-"`
}

type UnlockResult struct {
	RideID     uuid.UUID `json:"ride_id"`
	Status     string    `json:"status"`
	DockID     string    `json:"dock_id"`
	BikeID     string    `json:"bike_id"`
	UnlockedAt time.Time `json:"unlocked_at"`
	Replayed   bool      `json:"-"`
}

type FinishInput struct {
	RideID  uuid.UUID
	BikeID  string
	DockID  string
	EndedAt time.Time
	Reason  string
}

type FinishResult struct {
	Ride   db.Ride
	Charge *db.RideCharge
	Closed bool
}

// RideService runs the ride lifecycle from unlock to the charge intent.
type RideService interface {
	Unlock(ctx context.Context, in UnlockInput) (*UnlockResult, error)
	ConfirmStart(ctx context.Context, rideID uuid.UUID, dockID string, at time.Time) error
	FinishAtDock(ctx context.Context, in FinishInput) (*FinishResult, error)
	EndManually(ctx context.Context, riderID, rideID uuid.UUID, dockID string) (*FinishResult, error)
	VoidUnlockFailed(ctx context.Context, eventID string, rideID uuid.UUID, reason string) error
	CloseStale(ctx context.Context, now time.Time) (int, error)
}

type rideService struct {
	tx       store.TxRunner
	rides    repository.Rides
	charges  repository.Charges
	passes   repository.Passes
	docks    repository.Docks
	idem     repository.Idempotency
	events   repository.Events
	pricer   Pricer
	enqueuer tasks.Enqueuer
	commands dockcmd.Commander
	log      *slog.Logger
	currency string
	staleAge time.Duration
	now      func() time.Time
}

type RideDeps struct {
	Tx       store.TxRunner
	Rides    repository.Rides
	Charges  repository.Charges
	Passes   repository.Passes
	Docks    repository.Docks
	Idem     repository.Idempotency
	Events   repository.Events
	Pricer   Pricer
	Enqueuer tasks.Enqueuer
	Commands dockcmd.Commander
	Log      *slog.Logger
	Settings Settings
}

func newRideService(d RideDeps) *rideService {
	return &rideService{
		tx:       d.Tx,
		rides:    d.Rides,
		charges:  d.Charges,
		passes:   d.Passes,
		docks:    d.Docks,
		idem:     d.Idem,
		events:   d.Events,
		pricer:   d.Pricer,
		enqueuer: d.Enqueuer,
		commands: d.Commands,
		log:      d.Log,
		currency: d.Settings.Currency,
		staleAge: d.Settings.RideStaleAfter,
		now:      time.Now,
	}
}

const unlockScope = "rides.unlock"

func (s *rideService) Unlock(ctx context.Context, in UnlockInput) (*UnlockResult, error) {
	if in.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	if in.PaymentMode == "" {
		in.PaymentMode = "card"
	}
	hash := hashRequest(in)
	scope := unlockScope + ":" + in.RiderID.String()

	res, err := store.InTxResult(ctx, s.tx, func(q db.Querier) (*UnlockResult, error) {
		claimed, stored, err := s.idem.With(q).Claim(ctx, scope, in.IdempotencyKey, hash)
		if err != nil {
			return nil, err
		}
		if !claimed {
			if stored.RequestHash != hash {
				return nil, ErrIdempotencyMismatch
			}
			var prev UnlockResult
			if err := json.Unmarshal(stored.Body, &prev); err != nil {
				return nil, fmt.Errorf("decode stored unlock: %w", err)
			}
			prev.Replayed = true
			return &prev, nil
		}

		dock, err := s.docks.With(q).Get(ctx, in.DockID)
		if err != nil {
			return nil, err
		}
		if !dock.BikeID.Valid || dock.BikeID.String != in.BikeID {
			return nil, fmt.Errorf("%w: bike %s is not at dock %s", ErrConflict, in.BikeID, in.DockID)
		}

		var passID pgtype.UUID
		if pass, err := s.passes.With(q).ActiveFor(ctx, in.RiderID, s.now()); err == nil {
			passID = pgtype.UUID{Bytes: pass.ID, Valid: true}
		} else if !errors.Is(err, repository.ErrNotFound) {
			return nil, err
		}

		ride, err := s.rides.With(q).Create(ctx, db.CreateRideParams{
			ID:          uuid.New(),
			RiderID:     in.RiderID,
			BikeID:      in.BikeID,
			StartDockID: in.DockID,
			PaymentMode: in.PaymentMode,
			PassID:      passID,
			UnlockedAt:  s.now().UTC(),
		})
		if err != nil {
			if store.IsUniqueViolation(err) {
				return nil, fmt.Errorf("%w: rider or bike already has an open ride", ErrConflict)
			}
			return nil, err
		}
		out := &UnlockResult{
			RideID:     ride.ID,
			Status:     ride.Status,
			DockID:     ride.StartDockID,
			BikeID:     ride.BikeID,
			UnlockedAt: ride.UnlockedAt,
		}
		body, err := json.Marshal(out)
		if err != nil {
			return nil, err
		}
		if err := s.idem.With(q).Complete(ctx, scope, in.IdempotencyKey, 201, body); err != nil {
			return nil, err
		}
		return out, nil
	})
	if err != nil {
		return nil, err
	}

	if res.Status == "unlocking" {
		if err := s.commands.Unlock(ctx, res.DockID, res.RideID); err != nil {
			return nil, fmt.Errorf("send unlock command: %w", err)
		}
	}
	return res, nil
}

func (s *rideService) ConfirmStart(ctx context.Context, rideID uuid.UUID, dockID string, at time.Time) error {
	return s.tx.InTx(ctx, func(q db.Querier) error {
		started, err := s.rides.With(q).MarkStarted(ctx, rideID, at)
		if err != nil {
			return err
		}
		if !started {
			s.log.DebugContext(ctx, "ride already started", "ride_id", rideID)
			return nil
		}
		return s.docks.With(q).SetBike(ctx, dockID, "", at)
	})
}

func (s *rideService) FinishAtDock(ctx context.Context, in FinishInput) (*FinishResult, error) {
	res, err := s.finish(ctx, in)
	if err != nil {
		return nil, err
	}
	if err := s.scheduleCharge(ctx, res); err != nil {
		return nil, err
	}
	return res, nil
}

func (s *rideService) EndManually(ctx context.Context, riderID, rideID uuid.UUID, dockID string) (*FinishResult, error) {
	ride, err := s.rides.Get(ctx, rideID)
	if err != nil {
		return nil, err
	}
	if ride.RiderID != riderID {
		return nil, ErrForbidden
	}
	res, err := s.finish(ctx, FinishInput{
		RideID:  rideID,
		BikeID:  ride.BikeID,
		DockID:  dockID,
		EndedAt: s.now().UTC(),
		Reason:  "rider_reported",
	})
	if err != nil {
		return nil, err
	}
	if err := s.scheduleCharge(ctx, res); err != nil {
		return nil, err
	}
	return res, nil
}

// finish closes the ride and records its charge in one transaction. When
// the ride is already closed it returns the stored ride and charge.
func (s *rideService) finish(ctx context.Context, in FinishInput) (*FinishResult, error) {
	return store.InTxResult(ctx, s.tx, func(q db.Querier) (*FinishResult, error) {
		rides := s.rides.With(q)
		current, err := rides.Get(ctx, in.RideID)
		if err != nil {
			return nil, err
		}

		var plan *db.PassPlan
		if current.PassID.Valid {
			pass, err := s.passes.With(q).Get(ctx, current.PassID.Bytes)
			if err == nil {
				p, err := s.passes.With(q).Plan(ctx, pass.PlanCode)
				if err == nil {
					plan = &p
				}
			}
		}
		fare := s.pricer.Fare(current, in.EndedAt, plan)
		start := current.UnlockedAt
		if current.StartedAt.Valid {
			start = current.StartedAt.Time
		}

		ride, closed, err := rides.End(ctx, db.EndRideParams{
			ID:           in.RideID,
			EndDockID:    pgtype.Text{String: in.DockID, Valid: in.DockID != ""},
			EndedAt:      pgtype.Timestamptz{Time: in.EndedAt, Valid: true},
			DurationSecs: pgtype.Int4{Int32: int32(in.EndedAt.Sub(start).Seconds()), Valid: true},
			FareCents:    pgtype.Int8{Int64: fare, Valid: true},
			EndReason:    pgtype.Text{String: in.Reason, Valid: in.Reason != ""},
		})
		if err != nil {
			return nil, err
		}
		out := &FinishResult{Ride: ride, Closed: closed}

		if closed && in.DockID != "" {
			if err := s.docks.With(q).SetBike(ctx, in.DockID, ride.BikeID, in.EndedAt); err != nil {
				return nil, err
			}
		}
		if !ride.FareCents.Valid || ride.FareCents.Int64 == 0 {
			return out, nil
		}
		charge, err := s.charges.With(q).CreateForRide(ctx, db.CreateRideChargeParams{
			ID:          uuid.New(),
			RideID:      ride.ID,
			RiderID:     ride.RiderID,
			AmountCents: ride.FareCents.Int64,
			Currency:    s.currency,
		})
		if err != nil {
			return nil, err
		}
		out.Charge = &charge
		return out, nil
	})
}

func (s *rideService) scheduleCharge(ctx context.Context, res *FinishResult) error {
	if res.Charge == nil {
		return s.enqueuer.Enqueue(ctx, tasks.TypeRideReceipt,
			tasks.RideReceiptPayload{RideID: res.Ride.ID},
			asynq.TaskID(tasks.ReceiptTaskID(res.Ride.ID)),
			asynq.Queue(tasks.QueueLow),
		)
	}
	if res.Charge.Status == "succeeded" {
		return nil
	}
	return s.enqueuer.Enqueue(ctx, tasks.TypeRideCharge,
		tasks.RideChargePayload{ChargeID: res.Charge.ID, RideID: res.Ride.ID},
		asynq.TaskID(tasks.ChargeTaskID(res.Ride.ID)),
		asynq.Queue(tasks.QueueCritical),
		asynq.MaxRetry(12),
	)
}

const unlockFailedConsumer = "dock.unlock_failed"

func (s *rideService) VoidUnlockFailed(ctx context.Context, eventID string, rideID uuid.UUID, reason string) error {
	return s.tx.InTx(ctx, func(q db.Querier) error {
		fresh, err := s.events.With(q).Claim(ctx, unlockFailedConsumer, eventID)
		if err != nil || !fresh {
			return err
		}
		ride, err := s.rides.With(q).Get(ctx, rideID)
		if err != nil {
			return err
		}
		voided, err := s.rides.With(q).Void(ctx, rideID, reason)
		if err != nil {
			return err
		}
		if !voided {
			return nil
		}
		return s.docks.With(q).SetBikeStatus(ctx, ride.BikeID, "available")
	})
}

func (s *rideService) CloseStale(ctx context.Context, now time.Time) (int, error) {
	stale, err := s.rides.ListStale(ctx, now.Add(-s.staleAge), 200)
	if err != nil {
		return 0, err
	}
	closed := 0
	for _, ride := range stale {
		res, err := s.finish(ctx, FinishInput{
			RideID:  ride.ID,
			BikeID:  ride.BikeID,
			EndedAt: ride.UnlockedAt.Add(s.staleAge),
			Reason:  "auto_closed",
		})
		if err != nil {
			return closed, fmt.Errorf("close ride %s: %w", ride.ID, err)
		}
		if err := s.scheduleCharge(ctx, res); err != nil {
			return closed, err
		}
		if res.Closed {
			closed++
		}
	}
	return closed, nil
}
