package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// activationTTL is how long a member activation may wait in the queue before
// we assume the customer has driven off.
const activationTTL = 5 * time.Minute

// ActivationInput is a member tapping "Start wash" at a bay.
type ActivationInput struct {
	CustomerID   uuid.UUID
	RequestID    string
	SiteID       string
	BayID        string
	Program      string
	VehiclePlate string
}

// ActivationService starts member washes on bays.
type ActivationService interface {
	Request(ctx context.Context, in ActivationInput) (*domain.Activation, error)
	Get(ctx context.Context, customerID, id uuid.UUID) (*domain.Activation, error)
	Dispatch(ctx context.Context, id uuid.UUID) error
}

type activationService struct {
	db          *sqlx.DB
	subs        SubscriptionRepository
	activations ActivationRepository
	washes      WashRepository
	bays        BayController
	queue       tasks.Enqueuer
	now         platform.Clock
	log         *slog.Logger
}

// NewActivationService returns the ActivationService.
func NewActivationService(db *sqlx.DB, subs SubscriptionRepository, activations ActivationRepository,
	washes WashRepository, bays BayController, queue tasks.Enqueuer, now platform.Clock, log *slog.Logger,
) ActivationService {
	return &activationService{db: db, subs: subs, activations: activations, washes: washes,
		bays: bays, queue: queue, now: now, log: log}
}

// Request records the member's activation and queues it for the bay. The app
// sends a request_id per tap and resends it on timeouts.
func (s *activationService) Request(ctx context.Context, in ActivationInput) (*domain.Activation, error) {
	if in.RequestID == "" {
		return nil, domain.Invalid("request_id", "required")
	}
	prior, err := s.activations.GetByRequest(ctx, s.db, in.CustomerID, in.RequestID)
	if err == nil {
		return s.enqueue(ctx, prior)
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}

	sub, err := s.subs.ActiveForCustomer(ctx, s.db, in.CustomerID, normalizePlate(in.VehiclePlate))
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.ErrNoActiveSubscription
	}
	if err != nil {
		return nil, err
	}
	plan := domain.Plans[sub.PlanCode]
	if !plan.Allows(in.Program) {
		return nil, domain.Invalid("program", "not included in "+plan.Name)
	}
	dayStart := s.now().Truncate(24 * time.Hour)
	n, err := s.washes.CountMemberWashesSince(ctx, s.db, sub.ID, dayStart)
	if err != nil {
		return nil, err
	}
	if n >= plan.WashesPerDay {
		return nil, domain.ErrDailyLimitReached
	}

	act, created, err := s.activations.InsertOrGet(ctx, s.db, &domain.Activation{
		ID:             uuid.New(),
		RequestID:      in.RequestID,
		CustomerID:     in.CustomerID,
		SubscriptionID: sub.ID,
		SiteID:         in.SiteID,
		BayID:          in.BayID,
		Program:        in.Program,
	})
	if err != nil {
		return nil, fmt.Errorf("record activation: %w", err)
	}
	if created {
		s.log.InfoContext(ctx, "activation recorded", "activation_id", act.ID, "site", act.SiteID, "bay", act.BayID)
	}
	return s.enqueue(ctx, act)
}

// enqueue hands a pending activation to the worker. The task ID is the
// activation's, so queueing it again while it is pending is a no-op.
func (s *activationService) enqueue(ctx context.Context, act *domain.Activation) (*domain.Activation, error) {
	if act.Status != domain.ActivationPending {
		return act, nil
	}
	err := tasks.Enqueue(ctx, s.queue, tasks.TypeBayActivate, tasks.BayActivatePayload{ActivationID: act.ID},
		asynq.TaskID("bay-activate:"+act.ID.String()),
		asynq.Queue(tasks.QueueCritical),
		asynq.MaxRetry(3),
		asynq.Deadline(act.CreatedAt.Add(activationTTL)),
	)
	if err != nil {
		return nil, err
	}
	return act, nil
}

// Get returns one of the customer's activations.
func (s *activationService) Get(ctx context.Context, customerID, id uuid.UUID) (*domain.Activation, error) {
	act, err := s.activations.Get(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if act.CustomerID != customerID {
		return nil, domain.ErrNotFound
	}
	return act, nil
}

// Dispatch starts the bay for a pending activation and records the wash.
func (s *activationService) Dispatch(ctx context.Context, id uuid.UUID) error {
	act, err := s.activations.Get(ctx, s.db, id)
	if err != nil {
		return err
	}
	if act.Status != domain.ActivationPending {
		return nil
	}
	if s.now().Sub(act.CreatedAt) > activationTTL {
		_, err := s.activations.SetStatus(ctx, s.db, act.ID, domain.ActivationExpired)
		return err
	}

	cycle, startErr := s.bays.StartCycle(ctx, baycontroller.StartCycleRequest{
		SiteID:  act.SiteID,
		BayID:   act.BayID,
		Program: act.Program,
	})
	outcome, errText := "started", ""
	if startErr != nil {
		outcome, errText = "error", startErr.Error()
	}
	if err := s.activations.RecordAttempt(ctx, s.db, act.ID, outcome, errText); err != nil {
		s.log.WarnContext(ctx, "record activation attempt", "activation_id", act.ID, "err", err)
	}
	if errors.Is(startErr, baycontroller.ErrBayOffline) {
		if _, err := s.activations.SetStatus(ctx, s.db, act.ID, domain.ActivationFailed); err != nil {
			return err
		}
		return fmt.Errorf("bay %s/%s offline: %w", act.SiteID, act.BayID, asynq.SkipRetry)
	}
	if startErr != nil {
		return fmt.Errorf("start cycle: %w", startErr)
	}

	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.activations.MarkStarted(ctx, tx, act.ID, cycle.ID); err != nil {
			return err
		}
		wash := &domain.Wash{
			ID:             act.ID,
			SiteID:         act.SiteID,
			BayID:          act.BayID,
			Source:         domain.SourceMember,
			Program:        act.Program,
			CustomerID:     uuid.NullUUID{UUID: act.CustomerID, Valid: true},
			SubscriptionID: uuid.NullUUID{UUID: act.SubscriptionID, Valid: true},
			Status:         domain.WashRunning,
		}
		wash.ControllerCycleID.String, wash.ControllerCycleID.Valid = cycle.ID, true
		return s.washes.Insert(ctx, tx, wash)
	})
}
