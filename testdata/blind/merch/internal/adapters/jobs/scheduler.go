// Package jobs runs the worker's periodic jobs. A job that fails is
// retried under the background policy and otherwise waits for its next
// tick; jobs must therefore be safe to run again over the same data.
package jobs

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/merchline/preorders/internal/platform/retry"
)

// Job is one registered unit of periodic work.
type Job struct {
	Name string
	// Next returns when the job should next run, given the current time.
	Next func(now time.Time) time.Time
	Run  func(ctx context.Context) error
}

// Every schedules a job at a fixed interval.
func Every(d time.Duration) func(time.Time) time.Time {
	return func(now time.Time) time.Time { return now.Add(d) }
}

// DailyAt schedules a job once a day at the given offset from UTC
// midnight.
func DailyAt(offset time.Duration) func(time.Time) time.Time {
	return func(now time.Time) time.Time {
		midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		next := midnight.Add(offset)
		if !next.After(now) {
			next = next.AddDate(0, 0, 1)
		}
		return next
	}
}

// MonthlyOn schedules a job on the given day of each month at offset.
func MonthlyOn(day int, offset time.Duration) func(time.Time) time.Time {
	return func(now time.Time) time.Time {
		next := time.Date(now.Year(), now.Month(), day, 0, 0, 0, 0, time.UTC).Add(offset)
		if !next.After(now) {
			next = time.Date(now.Year(), now.Month()+1, day, 0, 0, 0, 0, time.UTC).Add(offset)
		}
		return next
	}
}

type Scheduler struct {
	jobs []Job
	log  *slog.Logger
	now  func() time.Time
}

func NewScheduler(log *slog.Logger, jobs ...Job) *Scheduler {
	return &Scheduler{jobs: jobs, log: log, now: func() time.Time { return time.Now().UTC() }}
}

// Run blocks until ctx is cancelled.
func (s *Scheduler) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for _, j := range s.jobs {
		wg.Add(1)
		go func(j Job) {
			defer wg.Done()
			s.loop(ctx, j)
		}(j)
	}
	wg.Wait()
}

func (s *Scheduler) loop(ctx context.Context, j Job) {
	log := s.log.With("job", j.Name)
	for {
		wait := time.Until(j.Next(s.now()))
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		started := time.Now()
		err := retry.Run(ctx, retry.Background, j.Run, func(err error, d time.Duration) {
			log.WarnContext(ctx, "job attempt failed", "retry_in", d, "err", err)
		})
		if err != nil {
			log.ErrorContext(ctx, "job failed", "err", err, "took", time.Since(started))
			continue
		}
		log.InfoContext(ctx, "job done", "took", time.Since(started))
	}
}
