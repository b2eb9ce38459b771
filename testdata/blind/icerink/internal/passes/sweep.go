package passes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

// RenewalSweep finds passes coming due and queues one passes:renew task
// per pass and period. rinkcron runs it hourly.
type RenewalSweep struct {
	repo  Repository
	queue platform.Enqueuer
	log   *slog.Logger
	Ahead time.Duration
}

func NewRenewalSweep(repo Repository, queue platform.Enqueuer, log *slog.Logger) *RenewalSweep {
	return &RenewalSweep{repo: repo, queue: queue, log: log, Ahead: 72 * time.Hour}
}

func (s *RenewalSweep) Run(ctx context.Context, now time.Time) (int, error) {
	due, err := s.repo.DueForRenewal(ctx, now.Add(s.Ahead))
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, p := range due {
		period := periodFor(p.ValidUntil.Time)
		task, err := tasks.New(tasks.TypeRenewPass, tasks.RenewPass{PassID: p.ID, Period: period})
		if err != nil {
			return queued, err
		}
		if err := platform.EnqueueOnce(ctx, s.queue, task, fmt.Sprintf("renew:%s:%s", p.ID, period)); err != nil {
			return queued, fmt.Errorf("queue renewal for %s: %w", p.ID, err)
		}
		queued++
	}
	s.log.InfoContext(ctx, "renewal sweep", "due", len(due), "queued", queued)
	return queued, nil
}
