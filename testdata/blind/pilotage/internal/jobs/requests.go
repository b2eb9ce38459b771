package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// NewRequest is an agent's request for a pilot.
type NewRequest struct {
	ID           string
	AgentID      string
	VesselIMO    string
	VesselName   string
	GrossTonnage int32
	Movement     string
	Berth        string
	ScheduledAt  time.Time
}

var movements = map[string]bool{"arrival": true, "departure": true, "shift": true}

func (r NewRequest) Validate() error {
	switch {
	case r.AgentID == "" || r.Berth == "" || r.ScheduledAt.IsZero():
		return fmt.Errorf("%w: agent_id, berth and scheduled_at are required", ErrValidation)
	case len(r.VesselIMO) != 7 || r.GrossTonnage <= 0:
		return fmt.Errorf("%w: vessel_imo and gross_tonnage", ErrValidation)
	case !movements[r.Movement]:
		return fmt.Errorf("%w: movement must be arrival, departure or shift", ErrValidation)
	}
	return nil
}

type RequestService struct {
	q      *db.Queries
	uow    store.UnitOfWork
	events *outbox.Writer
}

func NewRequestService(q *db.Queries, uow store.UnitOfWork, events *outbox.Writer) *RequestService {
	return &RequestService{q: q, uow: uow, events: events}
}

// Create stores a new pilotage request under the id the caller minted.
func (s *RequestService) Create(ctx context.Context, in NewRequest) (db.PilotageJob, error) {
	if err := in.Validate(); err != nil {
		return db.PilotageJob{}, err
	}
	if in.ID == "" {
		return db.PilotageJob{}, fmt.Errorf("%w: missing job id", ErrValidation)
	}
	var job db.PilotageJob
	err := s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		var err error
		job, err = q.CreateJob(ctx, db.CreateJobParams{
			ID:           in.ID,
			AgentID:      in.AgentID,
			VesselImo:    in.VesselIMO,
			VesselName:   in.VesselName,
			GrossTonnage: in.GrossTonnage,
			Movement:     in.Movement,
			Berth:        in.Berth,
			ScheduledAt:  in.ScheduledAt,
			Source:       "agent",
		})
		if err != nil {
			return fmt.Errorf("create job: %w", err)
		}
		return s.events.Enqueue(ctx, outbox.JobEventsTopic, jobEvent("job.requested", job))
	})
	return job, err
}

func jobEvent(typ string, j db.PilotageJob) outbox.Event {
	return outbox.Event{Type: typ, Key: j.ID, Payload: j}
}
