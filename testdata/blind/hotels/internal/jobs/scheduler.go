package jobs

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// Job is a scheduled unit of work.
type Job interface {
	Name() string
	Run(ctx context.Context) error
}

// Entry pairs a cron spec with a job.
type Entry struct {
	Spec    string
	Job     Job
	Timeout time.Duration
}

// NewCron builds a cron scheduler in the property time zone. Runs that
// overlap a still-running previous run are skipped.
func NewCron(ctx context.Context, tz string, logger *slog.Logger, entries ...Entry) (*cron.Cron, error) {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return nil, fmt.Errorf("jobs: time zone %q: %w", tz, err)
	}
	cl := cron.VerbosePrintfLogger(log.New(slog.NewLogLogger(logger.Handler(), slog.LevelInfo).Writer(), "cron: ", 0))
	c := cron.New(
		cron.WithLocation(loc),
		cron.WithChain(cron.Recover(cl), cron.SkipIfStillRunning(cl)),
	)
	for _, e := range entries {
		e := e
		_, err := c.AddFunc(e.Spec, func() {
			runCtx := ctx
			if e.Timeout > 0 {
				var cancel context.CancelFunc
				runCtx, cancel = context.WithTimeout(ctx, e.Timeout)
				defer cancel()
			}
			start := time.Now()
			if err := e.Job.Run(runCtx); err != nil {
				logger.Error("job failed", "job", e.Job.Name(), "err", err, "took", time.Since(start))
				return
			}
			logger.Info("job done", "job", e.Job.Name(), "took", time.Since(start))
		})
		if err != nil {
			return nil, fmt.Errorf("jobs: schedule %s: %w", e.Job.Name(), err)
		}
	}
	return c, nil
}
