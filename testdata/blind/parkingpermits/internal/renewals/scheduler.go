package renewals

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/rs/xid"

	"github.com/curbline-civic/permits/internal/domain"
)

// DueLister lists permits expiring in a window.
type DueLister interface {
	DueForRenewal(ctx context.Context, from, to time.Time) ([]domain.Permit, error)
}

// BatchInserter is the River client's bulk insert.
type BatchInserter interface {
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

// Scheduler queues renewal reminders for permits expiring LeadDays after
// the run date. It is run once a day by cron; an operator reruns a failed day
// with -date.
type Scheduler struct {
	Permits   DueLister
	Jobs      BatchInserter
	LeadDays  int
	BatchSize int
	Location  *time.Location
	Log       *slog.Logger
}

// RunResult summarizes a run.
type RunResult struct {
	Run       string
	Due       int
	Queued    int
	Duplicate int
}

// Run queues reminders for permits expiring on day+LeadDays.
func (s *Scheduler) Run(ctx context.Context, day time.Time) (RunResult, error) {
	res := RunResult{Run: xid.New().String()}
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, s.Location).AddDate(0, 0, s.LeadDays)
	due, err := s.Permits.DueForRenewal(ctx, start, start.AddDate(0, 0, 1))
	if err != nil {
		return res, fmt.Errorf("list due permits: %w", err)
	}
	res.Due = len(due)

	batch := s.BatchSize
	if batch <= 0 {
		batch = 500
	}
	for i := 0; i < len(due); i += batch {
		chunk := due[i:min(i+batch, len(due))]
		params := make([]river.InsertManyParams, 0, len(chunk))
		for _, p := range chunk {
			params = append(params, river.InsertManyParams{Args: NoticeArgs{
				PermitID: p.ID,
				TermYear: p.ExpiresAt.In(s.Location).Year() + 1,
				Run:      res.Run,
			}})
		}
		results, err := s.Jobs.InsertMany(ctx, params)
		if err != nil {
			return res, fmt.Errorf("queue notices %d-%d: %w", i, i+len(chunk), err)
		}
		for _, r := range results {
			if r.UniqueSkippedAsDuplicate {
				res.Duplicate++
			} else {
				res.Queued++
			}
		}
		s.Log.Info("queued renewal notices", "run", res.Run, "batch_start", i, "count", len(chunk))
	}
	return res, nil
}
