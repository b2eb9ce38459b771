// Package jobs holds the River workers and periodic job schedule run by
// cmd/worker. River delivers each job at least once: a job is retried when
// it returns an error, times out, or its worker dies before completion is
// recorded.
package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawpath/vetclinic/internal/errs"
)

// fnWorker adapts a service method to a River worker. Errors the caller
// cannot fix by retrying cancel the job instead of burning attempts.
type fnWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, args T) error
	timeout time.Duration
}

func (w *fnWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	err := w.fn(ctx, job.Args)
	switch errs.KindOf(err) {
	case errs.Invalid, errs.NotFound:
		return river.JobCancel(err)
	}
	return err
}

func (w *fnWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

// WorkerOption tunes an fnWorker.
type WorkerOption func(*workerConfig)

type workerConfig struct {
	timeout time.Duration
}

func WithJobTimeout(d time.Duration) WorkerOption {
	return func(c *workerConfig) { c.timeout = d }
}

// handle builds a worker from fn.
func handle[T river.JobArgs](fn func(ctx context.Context, args T) error, opts ...WorkerOption) river.Worker[T] {
	cfg := workerConfig{}
	for _, o := range opts {
		o(&cfg)
	}
	return &fnWorker[T]{fn: fn, timeout: cfg.timeout}
}
