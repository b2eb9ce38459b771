// Package telemetry turns events reported by the lift controllers (fault
// raised/cleared, periodic status, firmware inventory) into faults,
// call-outs and controller state.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/liftwell-systems/liftcare/internal/domain"
	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Consumer names used in processed_events.
const (
	consumerFaultRaised  = "fault-raised"
	consumerFaultCleared = "fault-cleared"
)

// Severity at or above which a fault opens a call-out on its own.
const calloutSeverity = 2

// Service is the telemetry use-case boundary.
type Service interface {
	FaultRaised(ctx context.Context, e FaultRaised) error
	FaultCleared(ctx context.Context, e FaultCleared) error
	StatusReported(ctx context.Context, e StatusReport) error
	FirmwareReported(ctx context.Context, e FirmwareReport) error
}

// FaultRaised is published by a controller when it trips a fault.
type FaultRaised struct {
	EventID      string    `json:"event_id"`
	ControllerID string    `json:"controller_id"`
	Code         string    `json:"code"`
	Severity     int32     `json:"severity"`
	Text         string    `json:"text"`
	RaisedAt     time.Time `json:"raised_at"`
}

// FaultCleared is published when the controller clears a fault.
type FaultCleared struct {
	EventID      string    `json:"event_id"`
	ControllerID string    `json:"controller_id"`
	Code         string    `json:"code"`
	ClearedAt    time.Time `json:"cleared_at"`
}

// StatusReport is the controller's periodic heartbeat.
type StatusReport struct {
	ControllerID string    `json:"controller_id"`
	State        string    `json:"state"`
	DoorCycles   int64     `json:"door_cycles"`
	ObservedAt   time.Time `json:"observed_at"`
}

// FirmwareReport is sent after boot and after every firmware update.
type FirmwareReport struct {
	ControllerID string    `json:"controller_id"`
	Seq          int64     `json:"seq"`
	Version      string    `json:"version"`
	ReportedAt   time.Time `json:"reported_at"`
}

// Repository is the persistence the service needs.
type Repository interface {
	EventProcessed(ctx context.Context, consumer, eventID string) (bool, error)
	MarkEventProcessed(ctx context.Context, consumer, eventID string) error
	ClaimEvent(ctx context.Context, consumer, eventID string) (bool, error)
	LiftByController(ctx context.Context, controllerID string) (store.Lift, error)
	InsertFault(ctx context.Context, p store.InsertFaultParams) error
	OpenFault(ctx context.Context, controllerID, code string) (store.Fault, error)
	ClearFault(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	AddResolution(ctx context.Context, id, faultID uuid.UUID, eventID string, at time.Time) error
	CreateCallout(ctx context.Context, p store.CreateCalloutParams) error
	UpsertStatus(ctx context.Context, p store.UpsertControllerStatusParams) error
	InsertFirmwareReport(ctx context.Context, controllerID string, seq int64, version string, at time.Time) error
}

// ErrUnknownController is returned for controllers not mapped to a lift;
// consumers terminate such messages instead of redelivering them.
var ErrUnknownController = errors.New("telemetry: unknown controller")

type service struct {
	repo  Repository
	jobs  domain.Enqueuer
	tx    domain.TxRunner
	clock func() time.Time
}

// New builds the service.
func New(repo Repository, jobs domain.Enqueuer, tx domain.TxRunner) Service {
	return &service{repo: repo, jobs: jobs, tx: tx, clock: time.Now}
}

// FaultRaised records the fault and, for severe faults, opens a call-out
// and queues its dispatch.
func (s *service) FaultRaised(ctx context.Context, e FaultRaised) error {
	done, err := s.repo.EventProcessed(ctx, consumerFaultRaised, e.EventID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	lift, err := s.liftFor(ctx, e.ControllerID)
	if err != nil {
		return err
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		faultID := uuid.New()
		if err := s.repo.InsertFault(ctx, store.InsertFaultParams{
			ID:           faultID,
			ControllerID: e.ControllerID,
			LiftID:       lift.ID,
			Code:         e.Code,
			Severity:     e.Severity,
			EventID:      e.EventID,
			RaisedAt:     e.RaisedAt,
		}); err != nil {
			return err
		}
		if e.Severity < calloutSeverity {
			return nil
		}
		calloutID := uuid.New()
		if err := s.repo.CreateCallout(ctx, store.CreateCalloutParams{
			ID:          calloutID,
			LiftID:      lift.ID,
			Source:      "iot",
			FaultID:     &faultID,
			Description: fmt.Sprintf("controller fault %s: %s", e.Code, e.Text),
			Priority:    priorityFor(e.Severity),
			ReportedAt:  e.RaisedAt,
		}); err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, jobargs.DispatchCallout{CalloutID: calloutID}, &river.InsertOpts{Priority: 1})
	})
	if err != nil {
		return err
	}
	return s.repo.MarkEventProcessed(ctx, consumerFaultRaised, e.EventID)
}

// FaultCleared closes the open fault. The event is claimed in the same
// transaction as the update, so a redelivery finds the claim and stops.
func (s *service) FaultCleared(ctx context.Context, e FaultCleared) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.repo.ClaimEvent(ctx, consumerFaultCleared, e.EventID)
		if err != nil || !fresh {
			return err
		}
		f, err := s.repo.OpenFault(ctx, e.ControllerID, e.Code)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // cleared before we saw it raised; nothing to close
		}
		if err != nil {
			return err
		}
		if _, err := s.repo.ClearFault(ctx, f.ID, e.ClearedAt); err != nil {
			return err
		}
		return s.repo.AddResolution(ctx, uuid.New(), f.ID, e.EventID, e.ClearedAt)
	})
}

// StatusReported keeps the latest controller state. Older reports that
// arrive late do not overwrite newer ones.
func (s *service) StatusReported(ctx context.Context, e StatusReport) error {
	return s.repo.UpsertStatus(ctx, store.UpsertControllerStatusParams{
		ControllerID: e.ControllerID,
		State:        e.State,
		DoorCycles:   e.DoorCycles,
		LastSeenAt:   e.ObservedAt,
		UpdatedAt:    s.clock(),
	})
}

// FirmwareReported appends to the controller's firmware history.
func (s *service) FirmwareReported(ctx context.Context, e FirmwareReport) error {
	if _, err := s.liftFor(ctx, e.ControllerID); err != nil {
		return err
	}
	return s.repo.InsertFirmwareReport(ctx, e.ControllerID, e.Seq, e.Version, e.ReportedAt)
}

func (s *service) liftFor(ctx context.Context, controllerID string) (store.Lift, error) {
	l, err := s.repo.LiftByController(ctx, controllerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Lift{}, fmt.Errorf("%w: %s", ErrUnknownController, controllerID)
	}
	return l, err
}

func priorityFor(severity int32) int32 {
	switch {
	case severity >= 4: // entrapment, safety chain open
		return 1
	case severity == 3:
		return 2
	default:
		return 3
	}
}
