// Package worker registers the river workers run by cmd/worker.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// funcWorker turns a function into a river.Worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	work    func(context.Context, *river.Job[T]) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error { return w.work(ctx, job) }

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

type workerOption func(*workerConfig)

type workerConfig struct {
	timeout time.Duration
}

func withTimeout(d time.Duration) workerOption {
	return func(c *workerConfig) { c.timeout = d }
}

// workFn builds a worker from fn.
func workFn[T river.JobArgs](fn func(context.Context, *river.Job[T]) error, opts ...workerOption) river.Worker[T] {
	cfg := workerConfig{timeout: time.Minute}
	for _, o := range opts {
		o(&cfg)
	}
	return &funcWorker[T]{work: fn, timeout: cfg.timeout}
}

// logged decorates a worker with a log line per failed attempt, tagged with
// the attempt number so retries are easy to follow.
type logged[T river.JobArgs] struct {
	river.Worker[T]
	log *slog.Logger
}

func (l logged[T]) Work(ctx context.Context, job *river.Job[T]) error {
	start := time.Now()
	err := l.Worker.Work(ctx, job)
	if err != nil {
		l.log.WarnContext(ctx, "job attempt failed",
			"kind", job.Kind, "job_id", job.ID, "attempt", job.Attempt, "max_attempts", job.MaxAttempts,
			"elapsed", time.Since(start), "err", err)
	}
	return err
}

func withLogging[T river.JobArgs](w river.Worker[T], log *slog.Logger) river.Worker[T] {
	return logged[T]{Worker: w, log: log}
}
