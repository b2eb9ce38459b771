// Package jobs holds the River workers run by cmd/worker.
package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/obs"
)

// handlerFunc does the work for one job kind.
type handlerFunc[T river.JobArgs] func(ctx context.Context, job *river.Job[T]) error

// worker adapts a handlerFunc to river.Worker and adds logs and metrics.
type worker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	handle  handlerFunc[T]
	timeout time.Duration
	log     *zap.Logger
	metrics *obs.Metrics
}

func (w *worker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func (w *worker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	start := time.Now()
	err := w.handle(ctx, job)
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	w.metrics.Jobs.WithLabelValues(job.Kind, outcome).Inc()
	fields := []zap.Field{
		zap.String("kind", job.Kind),
		zap.Int64("job_id", job.ID),
		zap.Int("attempt", job.Attempt),
		zap.Duration("took", time.Since(start)),
	}
	if err != nil {
		w.log.Warn("job failed", append(fields, zap.Error(err))...)
		return err
	}
	w.log.Debug("job done", fields...)
	return nil
}

// entry is one row of the job table.
type entry struct {
	kind     string
	register func(ws *river.Workers, log *zap.Logger, m *obs.Metrics) error
}

// job builds a table entry for a handler.
func job[T river.JobArgs](fn handlerFunc[T], timeout time.Duration) entry {
	var args T
	return entry{
		kind: args.Kind(),
		register: func(ws *river.Workers, log *zap.Logger, m *obs.Metrics) error {
			return river.AddWorkerSafely[T](ws, &worker[T]{
				handle:  fn,
				timeout: timeout,
				log:     log,
				metrics: m,
			})
		},
	}
}
