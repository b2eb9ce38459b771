// Package jobs holds the scheduled jobs and the cron scheduler that runs
// them.
package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/robfig/cron/v3"
	"go.uber.org/fx"
	"go.uber.org/zap"
)

// Job is a scheduled unit of work. Jobs are collected from the "jobs" fx
// group.
type Job interface {
	Name() string
	// Spec is a standard five-field cron expression in the scheduler's
	// time zone.
	Spec() string
	Run(ctx context.Context) error
}

type Scheduler struct {
	cron *cron.Cron
	log  *zap.Logger
}

type zapCronLogger struct{ l *zap.SugaredLogger }

func (z zapCronLogger) Info(msg string, kv ...interface{}) { z.l.Infow(msg, kv...) }
func (z zapCronLogger) Error(err error, msg string, kv ...interface{}) {
	z.l.Errorw(msg, append(kv, "error", err)...)
}

type SchedulerParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	Jobs      []Job `group:"jobs"`
	Log       *zap.Logger
	Location  *time.Location
}

func NewScheduler(p SchedulerParams) (*Scheduler, error) {
	logger := zapCronLogger{p.Log.Sugar()}
	c := cron.New(
		cron.WithLocation(p.Location),
		cron.WithLogger(logger),
		cron.WithChain(cron.Recover(logger), cron.SkipIfStillRunning(logger)),
	)
	s := &Scheduler{cron: c, log: p.Log}
	for _, j := range p.Jobs {
		if _, err := c.AddFunc(j.Spec(), s.wrap(j)); err != nil {
			return nil, fmt.Errorf("schedule %s: %w", j.Name(), err)
		}
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error { c.Start(); return nil },
		OnStop: func(ctx context.Context) error {
			select {
			case <-c.Stop().Done():
			case <-ctx.Done():
			}
			return nil
		},
	})
	return s, nil
}

// wrap runs a job with a deadline. A failed run is retried (up to
// maxRetries more times, with backoff) before the failure is reported.
func (s *Scheduler) wrap(j Job) func() {
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
		defer cancel()
		start := time.Now()
		log := s.log.With(zap.String("job", j.Name()))
		attempt := 0
		op := func() error {
			attempt++
			err := j.Run(ctx)
			if err != nil {
				log.Warn("job run failed", zap.Int("attempt", attempt), zap.Error(err))
			}
			return err
		}
		b := backoff.NewExponentialBackOff()
		b.InitialInterval = 30 * time.Second
		b.MaxElapsedTime = 20 * time.Minute
		if err := backoff.Retry(op, backoff.WithContext(backoff.WithMaxRetries(b, maxRetries), ctx)); err != nil {
			log.Error("job failed", zap.Error(err), zap.Int("attempts", attempt), zap.Duration("elapsed", time.Since(start)))
			return
		}
		log.Info("job finished", zap.Int("attempts", attempt), zap.Duration("elapsed", time.Since(start)))
	}
}

const maxRetries = 2
