// Package worker registers the asynq task handlers. asynq retries a task
// whose handler returns an error (up to its MaxRetry, with backoff), and
// re-runs a task whose worker died mid-flight once its lease expires.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/meridianrail/bookings/internal/jobs"
)

// Route binds a task type to a handler.
type Route struct {
	Type    string
	Handler asynq.HandlerFunc
}

// NewMux builds a ServeMux from the route table.
func NewMux(routes []Route, mws ...asynq.MiddlewareFunc) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(mws...)
	for _, r := range routes {
		mux.Handle(r.Type, r.Handler)
	}
	return mux
}

// Logging logs each task execution.
func Logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			log.InfoContext(ctx, "task",
				"type", t.Type(), "task_id", id, "retry", retry,
				"duration_ms", time.Since(start).Milliseconds(), "err", err)
			return err
		})
	}
}

// Config is the asynq server configuration.
func Config(log *slog.Logger) asynq.Config {
	return asynq.Config{
		Concurrency: 10,
		Queues: map[string]int{
			jobs.QueueCritical: 6,
			jobs.QueueDefault:  3,
			jobs.QueueLow:      1,
		},
		ShutdownTimeout: 20 * time.Second,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			log.WarnContext(ctx, "task failed", "type", t.Type(), "retried", retried, "err", err)
		}),
	}
}
