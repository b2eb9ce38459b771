// Package recon reconciles a day's bonds with the surety, logging each
// attempt as a run.
package recon

import (
	"context"

	"github.com/google/uuid"
)

// Run is one attempt at a day's reconciliation.
type Run struct {
	ID     uuid.UUID
	Day    string
	Status string
}

// Runs logs the attempts.
type Runs interface {
	Start(ctx context.Context, r Run) error
	Finish(ctx context.Context, id uuid.UUID, status string) error
}

// Submissions keeps what the surety accepted, one per day.
type Submissions interface {
	Insert(ctx context.Context, day, ref string) error
}

// Service reconciles.
type Service struct {
	Runs        Runs
	Submissions Submissions
}

// Reconcile logs the attempt, and its outcome when it ends.
func (s *Service) Reconcile(ctx context.Context, day string) (err error) {
	run := Run{ID: uuid.New(), Day: day, Status: "running"}
	if err := s.Runs.Start(ctx, run); err != nil {
		return err
	}
	defer func() {
		status := "done"
		if err != nil {
			status = "failed: " + err.Error()
		}
		s.Runs.Finish(context.WithoutCancel(ctx), run.ID, status)
	}()
	return s.Submissions.Insert(ctx, day, "ref-"+day)
}

// Rerun starts a run that nothing finishes with the outcome.
func (s *Service) Rerun(ctx context.Context, day string) error {
	run := Run{ID: uuid.New(), Day: day, Status: "running"} // want `a retry inserts a second recon_runs row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler Handler.PostRerun\)`
	if err := s.Runs.Start(ctx, run); err != nil {
		return err
	}
	defer s.Runs.Finish(context.WithoutCancel(ctx), run.ID, "done")
	return s.Submissions.Insert(ctx, day, "ref-"+day)
}
