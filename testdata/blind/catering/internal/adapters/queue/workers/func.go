// Package workers hosts the River workers. Workers stay thin: they decode
// the job and call a service port.
package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// funcWorker adapts a closure to river.Worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, job *river.Job[T]) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return w.fn(ctx, job)
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

// instrument wraps a job function with logging and metrics.
func instrument[T river.JobArgs](log *zap.Logger, m *metrics.Metrics, fn func(ctx context.Context, job *river.Job[T]) error) func(ctx context.Context, job *river.Job[T]) error {
	return func(ctx context.Context, job *river.Job[T]) error {
		start := time.Now()
		err := fn(ctx, job)
		m.JobsProcessed.WithLabelValues(job.Kind, metrics.Outcome(err)).Inc()
		l := log.With(zap.String("kind", job.Kind), zap.Int64("job_id", job.ID), zap.Int("attempt", job.Attempt),
			zap.Duration("took", time.Since(start)))
		if err != nil {
			l.Warn("job failed", zap.Error(err))
		} else {
			l.Debug("job done")
		}
		return err
	}
}

// handle builds an instrumented worker from fn.
func handle[T river.JobArgs](d Deps, timeout time.Duration, fn func(ctx context.Context, job *river.Job[T]) error) river.Worker[T] {
	return &funcWorker[T]{fn: instrument(d.Log, d.Metrics, fn), timeout: timeout}
}
