package crew

import (
	"context"
	"time"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/jobs"
	"github.com/apronworks/groundops/internal/turnaround"
)

type prepositionPayload struct {
	TurnaroundID string    `json:"turnaround_id"`
	ETA          time.Time `json:"eta"`
}

type releasePayload struct {
	TurnaroundID string `json:"turnaround_id"`
}

// JobHandlers returns the worker handlers owned by the crew package.
func (s *Service) JobHandlers() jobs.Handlers {
	return jobs.Handlers{
		turnaround.JobCrewPreposition: jobs.Typed(func(ctx context.Context, job *models.Job, p prepositionPayload) error {
			return s.Preposition(ctx, job, p.TurnaroundID, p.ETA)
		}),
		turnaround.JobCrewRelease: jobs.Typed(func(ctx context.Context, job *models.Job, p releasePayload) error {
			return s.ReleaseTurnaround(ctx, p.TurnaroundID)
		}),
	}
}
