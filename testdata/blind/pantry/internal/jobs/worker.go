package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pantryco/fulfilment/internal/platform/obs"
)

// FuncWorker adapts a plain function to a River worker, with per-kind
// timeout, logging and metrics.
type FuncWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]

	fn      func(ctx context.Context, args T) error
	timeout time.Duration
	log     *slog.Logger
	metrics obs.Metrics
}

// NewFuncWorker builds a FuncWorker.
func NewFuncWorker[T river.JobArgs](fn func(ctx context.Context, args T) error, timeout time.Duration, log *slog.Logger, m obs.Metrics) *FuncWorker[T] {
	return &FuncWorker[T]{fn: fn, timeout: timeout, log: log, metrics: m}
}

// Timeout bounds a single attempt.
func (w *FuncWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

// Work runs the wrapped function.
func (w *FuncWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	start := time.Now()
	err := w.fn(ctx, job.Args)
	kind := job.Args.Kind()
	w.metrics.ObserveDuration("job_duration", time.Since(start), kind)
	if err != nil {
		w.metrics.Inc("job_error", kind)
		w.log.WarnContext(ctx, "job attempt failed", "kind", kind, "job_id", job.ID, "attempt", job.Attempt, "err", err)
		return err
	}
	w.metrics.Inc("job_ok", kind)
	return nil
}
