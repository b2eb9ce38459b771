package worker

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/sendhome/remit/internal/platform/redisx"
)

// Job is a periodic task. Jobs are run by one worker replica at a time.
type Job struct {
	Name     string
	Interval time.Duration
	Run      func(ctx context.Context) error
}

type Scheduler struct {
	jobs   []Job
	locker redisx.Locker
	log    *slog.Logger
}

func NewScheduler(locker redisx.Locker, log *slog.Logger, jobs ...Job) *Scheduler {
	return &Scheduler{jobs: jobs, locker: locker, log: log}
}

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
	t := time.NewTicker(j.Interval)
	defer t.Stop()
	for {
		s.once(ctx, j)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Scheduler) once(ctx context.Context, j Job) {
	release, err := s.locker.Acquire(ctx, "job:"+j.Name, j.Interval)
	if errors.Is(err, redisx.ErrLocked) {
		return
	}
	if err != nil {
		s.log.Error("job lock", "job", j.Name, "err", err)
		return
	}
	defer release()
	start := time.Now()
	if err := j.Run(ctx); err != nil {
		s.log.Error("job failed", "job", j.Name, "err", err, "took", time.Since(start))
		return
	}
	s.log.Debug("job done", "job", j.Name, "took", time.Since(start))
}
