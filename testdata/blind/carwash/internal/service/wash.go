package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/gateway/sms"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// WashService follows washes through the bay controller.
type WashService interface {
	// HandleBayEvent applies a WashLink cycle webhook.
	HandleBayEvent(ctx context.Context, ev *baycontroller.Event) error
	// Rewash runs a failed wash again on the same bay at no charge.
	Rewash(ctx context.Context, washID uuid.UUID, staffID string) (*domain.Wash, error)
	Get(ctx context.Context, washID uuid.UUID) (*domain.Wash, error)
}

type washService struct {
	db        *sqlx.DB
	washes    WashRepository
	customers CustomerRepository
	bays      BayController
	sms       SMSSender
	queue     tasks.Enqueuer
	log       *slog.Logger
}

// NewWashService returns the WashService.
func NewWashService(db *sqlx.DB, washes WashRepository, customers CustomerRepository, bays BayController,
	sender SMSSender, queue tasks.Enqueuer, log *slog.Logger,
) WashService {
	return &washService{db: db, washes: washes, customers: customers, bays: bays, sms: sender, queue: queue, log: log}
}

func (s *washService) Get(ctx context.Context, washID uuid.UUID) (*domain.Wash, error) {
	return s.washes.Get(ctx, s.db, washID)
}

func (s *washService) HandleBayEvent(ctx context.Context, ev *baycontroller.Event) error {
	wash, err := s.washes.GetByCycle(ctx, s.db, ev.CycleID)
	if errors.Is(err, domain.ErrNotFound) {
		// Cycles started from the bay's own keypad have no wash of ours.
		s.log.InfoContext(ctx, "cycle event for unknown cycle", "cycle_id", ev.CycleID, "type", ev.Type)
		return nil
	}
	if err != nil {
		return err
	}
	switch ev.Type {
	case baycontroller.EventCycleCompleted:
		return s.cycleCompleted(ctx, wash, ev)
	case baycontroller.EventCycleFailed:
		return s.cycleFailed(ctx, wash, ev)
	default:
		return nil
	}
}

func (s *washService) cycleCompleted(ctx context.Context, wash *domain.Wash, ev *baycontroller.Event) error {
	err := platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		report := &domain.CycleReport{
			ControllerCycleID: ev.CycleID,
			WashID:            wash.ID,
			SiteID:            ev.SiteID,
			BayID:             ev.BayID,
			Outcome:           "completed",
			DurationSeconds:   ev.DurationSeconds,
			WaterLitres:       ev.WaterLitres,
			ReportedAt:        ev.OccurredAt,
		}
		if err := s.washes.RecordCycle(ctx, tx, report); err != nil {
			return fmt.Errorf("record cycle: %w", err)
		}
		_, err := s.washes.MarkCompleted(ctx, tx, wash.ID)
		return err
	})
	if err != nil {
		return err
	}
	if !wash.CustomerID.Valid {
		return nil
	}
	return tasks.Enqueue(ctx, s.queue, tasks.TypeLoyaltyAward, tasks.LoyaltyAwardPayload{WashID: wash.ID},
		asynq.TaskID("loyalty-award:"+wash.ID.String()),
		asynq.MaxRetry(10),
	)
}

func (s *washService) cycleFailed(ctx context.Context, wash *domain.Wash, ev *baycontroller.Event) error {
	if err := s.washes.MarkFailed(ctx, s.db, wash.ID, ev.ErrorCode); err != nil {
		return fmt.Errorf("mark wash failed: %w", err)
	}
	if !wash.CustomerID.Valid {
		return nil
	}
	cust, err := s.customers.Get(ctx, s.db, wash.CustomerID.UUID)
	if err != nil {
		return err
	}
	if !cust.Phone.Valid {
		return nil
	}
	body := "Sorry - your wash at bay " + wash.BayID + " stopped early. Ask an attendant for a free rewash"
	if wash.AmountCents > 0 {
		body += " or a refund in the app"
	}
	_, err = s.sms.Send(ctx, sms.Message{To: cust.Phone.String, Body: body + "."})
	return err
}

func (s *washService) Rewash(ctx context.Context, washID uuid.UUID, staffID string) (*domain.Wash, error) {
	orig, err := s.washes.Get(ctx, s.db, washID)
	if err != nil {
		return nil, err
	}
	if orig.Status != domain.WashFailed {
		return nil, fmt.Errorf("%w: wash is %s", domain.ErrConflict, orig.Status)
	}
	status, err := s.bays.Bay(ctx, orig.SiteID, orig.BayID)
	if err != nil {
		return nil, err
	}
	if status.State == "offline" || status.State == "fault" {
		return nil, domain.ErrBayUnavailable
	}

	cycle, err := s.bays.StartCycle(ctx, baycontroller.StartCycleRequest{
		SiteID:  orig.SiteID,
		BayID:   orig.BayID,
		Program: orig.Program,
	})
	if err != nil {
		return nil, fmt.Errorf("start rewash: %w", err)
	}

	rw := &domain.Wash{
		ID:             uuid.New(),
		SiteID:         orig.SiteID,
		BayID:          orig.BayID,
		Source:         domain.SourceRewash,
		Program:        orig.Program,
		CustomerID:     orig.CustomerID,
		FleetAccountID: orig.FleetAccountID,
		VehiclePlate:   orig.VehiclePlate,
		RewashOf:       uuid.NullUUID{UUID: orig.ID, Valid: true},
		Status:         domain.WashRunning,
	}
	rw.ControllerCycleID.String, rw.ControllerCycleID.Valid = cycle.ID, true
	err = platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.washes.Insert(ctx, tx, rw); err != nil {
			return err
		}
		return s.washes.MarkRewashed(ctx, tx, orig.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("record rewash: %w", err)
	}
	s.log.InfoContext(ctx, "rewash started", "wash_id", orig.ID, "rewash_id", rw.ID, "staff", staffID)
	return rw, nil
}
