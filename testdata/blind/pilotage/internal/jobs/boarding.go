package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/portauthority"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/tariff"
)

// Authority is the part of the port authority API used by boarding.
type Authority interface {
	NotifyPilotBoarded(ctx context.Context, n portauthority.BoardingNotice) error
	SubmitCompletionNotice(ctx context.Context, n portauthority.CompletionNotice, opts ...portauthority.CallOption) error
}

// ChargeRecorder adds a line to the agent's pilotage dues.
type ChargeRecorder interface {
	Add(ctx context.Context, c billing.Charge) error
}

// BoardingReport comes from the pilot's tablet when the pilot is on board.
type BoardingReport struct {
	PilotID   string
	At        time.Time
	Latitude  *float64
	Longitude *float64
}

// DisembarkReport comes from the pilot's tablet when the pilot leaves the vessel.
type DisembarkReport struct {
	PilotID string
	At      time.Time
}

type BoardingService struct {
	q         *db.Queries
	uow       store.UnitOfWork
	authority Authority
	charges   ChargeRecorder
	events    *outbox.Writer
}

func NewBoardingService(q *db.Queries, uow store.UnitOfWork, a Authority, charges ChargeRecorder, events *outbox.Writer) *BoardingService {
	return &BoardingService{q: q, uow: uow, authority: a, charges: charges, events: events}
}

// Board records that the assigned pilot is on board and tells the vessel
// traffic service.
func (s *BoardingService) Board(ctx context.Context, jobID string, r BoardingReport) error {
	job, err := s.q.GetJob(ctx, jobID)
	if store.IsNotFound(err) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	switch job.Status {
	case StatusBoarded, StatusDisembarked, StatusCompleted:
		return nil
	case StatusDispatched:
	default:
		return ErrInvalidState
	}
	if job.PilotID == nil || *job.PilotID != r.PilotID {
		return fmt.Errorf("%w: pilot %s is not assigned to job %s", ErrValidation, r.PilotID, jobID)
	}

	// VTS wants the notice as soon as the pilot is up the ladder.
	err = s.authority.NotifyPilotBoarded(ctx, portauthority.BoardingNotice{
		VesselIMO: job.VesselImo,
		PilotID:   r.PilotID,
		Movement:  job.Movement,
		BoardedAt: r.At,
		Latitude:  r.Latitude,
		Longitude: r.Longitude,
	})
	if err != nil {
		return fmt.Errorf("notify port authority: %w", err)
	}

	return s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		err := q.InsertBoarding(ctx, db.InsertBoardingParams{
			JobID:     jobID,
			PilotID:   r.PilotID,
			BoardedAt: r.At,
			Latitude:  r.Latitude,
			Longitude: r.Longitude,
		})
		if err != nil {
			return fmt.Errorf("insert boarding: %w", err)
		}
		n, err := q.MarkBoarded(ctx, db.MarkBoardedParams{ID: jobID, BoardedAt: &r.At})
		if err != nil || n == 0 {
			return err
		}
		job.Status = StatusBoarded
		return s.events.Enqueue(ctx, outbox.JobEventsTopic, jobEvent("job.boarded", job))
	})
}

// Disembark closes the pilot's time on board, charges detention when the
// vessel kept the pilot beyond the allowance and files the completion
// notice with the port authority.
func (s *BoardingService) Disembark(ctx context.Context, jobID string, r DisembarkReport) error {
	var job db.PilotageJob
	err := s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		var err error
		job, err = q.GetJob(ctx, jobID)
		if store.IsNotFound(err) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		switch job.Status {
		case StatusDisembarked, StatusCompleted:
			return nil
		case StatusBoarded:
		default:
			return ErrInvalidState
		}
		if job.BoardedAt == nil || !r.At.After(*job.BoardedAt) {
			return fmt.Errorf("%w: disembark time before boarding", ErrValidation)
		}

		n, err := q.MarkDisembarked(ctx, db.MarkDisembarkedParams{ID: jobID, DisembarkedAt: &r.At})
		if err != nil || n == 0 {
			return err
		}
		// Time on board counts as duty. Keyed by job so a repeated report
		// cannot count it twice.
		err = q.RecordJobDuty(ctx, db.RecordJobDutyParams{
			ShiftID:   "job-" + jobID,
			PilotID:   r.PilotID,
			JobID:     &job.ID,
			StartedAt: *job.BoardedAt,
			EndedAt:   r.At,
			Minutes:   int32(r.At.Sub(*job.BoardedAt).Minutes()),
		})
		if err != nil {
			return fmt.Errorf("record duty: %w", err)
		}
		if c := tariff.DetentionCharge(*job.BoardedAt, r.At); c > 0 {
			err := s.charges.Add(ctx, billing.Charge{
				JobID:       job.ID,
				AgentID:     job.AgentID,
				Kind:        billing.KindDetention,
				Description: fmt.Sprintf("Pilot detention on board %s", job.VesselName),
				AmountCents: c,
			})
			if err != nil {
				return fmt.Errorf("detention charge: %w", err)
			}
		}
		job.Status = StatusDisembarked
		job.DisembarkedAt = &r.At
		return s.events.Enqueue(ctx, outbox.JobEventsTopic, jobEvent("job.disembarked", job))
	})
	if err != nil {
		return err
	}

	boardedAt, disembarkedAt := r.At, r.At
	if job.BoardedAt != nil {
		boardedAt = *job.BoardedAt
	}
	if job.DisembarkedAt != nil {
		disembarkedAt = *job.DisembarkedAt
	}
	// Resent on every report; the authority collapses repeats on the key.
	return s.authority.SubmitCompletionNotice(ctx, portauthority.CompletionNotice{
		JobReference:  job.ID,
		VesselIMO:     job.VesselImo,
		PilotID:       r.PilotID,
		Movement:      job.Movement,
		BoardedAt:     boardedAt,
		DisembarkedAt: disembarkedAt,
	}, portauthority.WithIdempotencyKey("completion-"+job.ID))
}
