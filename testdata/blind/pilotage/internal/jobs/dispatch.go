package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/pager"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// Pager sends SMS pages to pilots.
type Pager interface {
	Send(ctx context.Context, m pager.Message) (pager.Receipt, error)
}

type DispatchService struct {
	q     *db.Queries
	pager Pager
	log   *slog.Logger
}

func NewDispatchService(q *db.Queries, p Pager, log *slog.Logger) *DispatchService {
	return &DispatchService{q: q, pager: p, log: log.With("service", "dispatch")}
}

// Dispatch assigns a pilot to a requested job and pages the pilot.
// Re-dispatching the same pilot to the same job is accepted.
func (s *DispatchService) Dispatch(ctx context.Context, jobID, pilotID string) (db.PilotageJob, error) {
	pilot, err := s.q.GetPilot(ctx, pilotID)
	if store.IsNotFound(err) {
		return db.PilotageJob{}, fmt.Errorf("%w: pilot %s", ErrNotFound, pilotID)
	}
	if err != nil {
		return db.PilotageJob{}, err
	}
	if !pilot.Active {
		return db.PilotageJob{}, fmt.Errorf("%w: pilot %s is not on the active roster", ErrValidation, pilotID)
	}

	job, err := s.q.AssignPilot(ctx, db.AssignPilotParams{ID: jobID, PilotID: &pilotID})
	if store.IsNotFound(err) {
		err = ErrInvalidState
	}
	s.recordAttempt(ctx, jobID, pilotID, err)
	if err != nil {
		return db.PilotageJob{}, err
	}

	msg := pager.Message{
		To:       pilot.Mobile,
		Text:     dispatchText(job),
		Priority: "high",
	}
	if _, err := s.pager.Send(ctx, msg); err != nil {
		return job, fmt.Errorf("page pilot %s: %w", pilotID, err)
	}
	return job, nil
}

// recordAttempt keeps the dispatcher console's audit trail: every attempt,
// including rejected ones and repeats, gets its own row.
func (s *DispatchService) recordAttempt(ctx context.Context, jobID, pilotID string, outcome error) {
	result := "assigned"
	if outcome != nil {
		result = "rejected: " + outcome.Error()
	}
	err := s.q.InsertDispatchAttempt(ctx, db.InsertDispatchAttemptParams{
		ID:      xid.New().String(),
		JobID:   jobID,
		PilotID: pilotID,
		Outcome: result,
	})
	if err != nil {
		s.log.Warn("dispatch attempt not recorded", "job_id", jobID, "err", err)
	}
}

func dispatchText(j db.PilotageJob) string {
	return fmt.Sprintf("PILOT ORDER %s: %s %s (IMO %s) %s berth %s at %s LT",
		j.ID, j.Movement, j.VesselName, j.VesselImo, movementPreposition(j.Movement), j.Berth,
		j.ScheduledAt.In(portLocal).Format("02 Jan 15:04"))
}

func movementPreposition(movement string) string {
	if movement == "departure" {
		return "from"
	}
	return "to"
}

var portLocal = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		return time.UTC
	}
	return loc
}()
