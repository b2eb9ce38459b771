// Package jobs holds the scheduled one-off jobs and the cron scheduler that
// runs them. A job that returns an error is retried a few times in-process
// before the run is given up until the next tick.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// Job is one scheduled task.
type Job interface {
	Name() string
	Run(ctx context.Context) error
}

// Entry schedules a Job.
type Entry struct {
	Spec    string
	Job     Job
	Timeout time.Duration
}

// Scheduler runs Entries on their cron specs.
type Scheduler struct {
	cron     *cron.Cron
	log      *slog.Logger
	attempts int
	backoff  time.Duration
}

// NewScheduler returns a Scheduler in UTC.
func NewScheduler(log *slog.Logger, attempts int, backoff time.Duration) *Scheduler {
	logger := cron.PrintfLogger(slog.NewLogLogger(log.Handler(), slog.LevelInfo))
	c := cron.New(
		cron.WithLocation(time.UTC),
		cron.WithChain(cron.Recover(logger), cron.SkipIfStillRunning(logger)),
	)
	return &Scheduler{cron: c, log: log, attempts: attempts, backoff: backoff}
}

// Register adds entries to the schedule.
func (s *Scheduler) Register(entries ...Entry) error {
	for _, e := range entries {
		e := e
		run := withRetry(e.Job, s.attempts, s.backoff, s.log)
		if _, err := s.cron.AddFunc(e.Spec, func() {
			timeout := e.Timeout
			if timeout == 0 {
				timeout = 30 * time.Minute
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			start := time.Now()
			if err := run(ctx); err != nil {
				s.log.Error("job failed", "job", e.Job.Name(), "err", err, "duration", time.Since(start))
				return
			}
			s.log.Info("job finished", "job", e.Job.Name(), "duration", time.Since(start))
		}); err != nil {
			return fmt.Errorf("schedule %s (%q): %w", e.Job.Name(), e.Spec, err)
		}
	}
	return nil
}

// Start runs the scheduler until ctx is cancelled.
func (s *Scheduler) Start(ctx context.Context) {
	s.cron.Start()
	<-ctx.Done()
	<-s.cron.Stop().Done()
}

// RunOnce runs a job immediately (used by the `cron run <job>` command).
func (s *Scheduler) RunOnce(ctx context.Context, j Job) error {
	return withRetry(j, s.attempts, s.backoff, s.log)(ctx)
}

func withRetry(j Job, attempts int, backoff time.Duration, log *slog.Logger) func(context.Context) error {
	if attempts < 1 {
		attempts = 1
	}
	return func(ctx context.Context) error {
		var err error
		for i := 0; i < attempts; i++ {
			if err = j.Run(ctx); err == nil {
				return nil
			}
			log.Warn("job attempt failed", "job", j.Name(), "attempt", i+1, "err", err)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(backoff * time.Duration(i+1)):
			}
		}
		return err
	}
}
