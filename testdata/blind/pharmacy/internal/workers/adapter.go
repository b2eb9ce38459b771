// Package workers holds the River workers. Most are thin: they decode args
// and call a service.
package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/cedarleaf/pharmacy/internal/platform/logx"
)

// funcWorker adapts a plain function into a River worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, job *river.Job[T]) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return w.fn(withJobLogger(ctx, job.JobRow.Kind, job.ID, job.Attempt), job)
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func handle[T river.JobArgs](timeout time.Duration, fn func(ctx context.Context, job *river.Job[T]) error) *funcWorker[T] {
	return &funcWorker[T]{fn: fn, timeout: timeout}
}

func withJobLogger(ctx context.Context, kind string, id int64, attempt int) context.Context {
	l := logx.From(ctx).With(slog.String("job_kind", kind), slog.Int64("job_id", id), slog.Int("attempt", attempt))
	return logx.WithLogger(ctx, l)
}
