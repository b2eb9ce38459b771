package worker

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// HandlerFunc is the shape of a simple job handler.
type HandlerFunc[T river.JobArgs] func(ctx context.Context, job *river.Job[T]) error

// Func adapts a HandlerFunc to a river.Worker with an optional timeout, for
// workers that are a thin call into a service.
type Func[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	Handle HandlerFunc[T]
	Limit  time.Duration
}

func (f *Func[T]) Timeout(*river.Job[T]) time.Duration {
	if f.Limit > 0 {
		return f.Limit
	}
	return time.Minute
}

func (f *Func[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return f.Handle(ctx, job)
}

// NewFunc builds a Func worker.
func NewFunc[T river.JobArgs](limit time.Duration, h HandlerFunc[T]) *Func[T] {
	return &Func[T]{Handle: h, Limit: limit}
}
