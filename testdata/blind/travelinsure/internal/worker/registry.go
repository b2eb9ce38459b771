// Package worker assembles the asynq ServeMux for cmd/worker.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Handlers maps task types to their handler.
type Handlers map[string]tasks.Handler

// NewServeMux registers every handler on a ServeMux, wrapped with logging.
func NewServeMux(h Handlers, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	for typ, fn := range h {
		mux.HandleFunc(typ, fn)
	}
	mux.Use(logging(log))
	return mux
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "elapsed", time.Since(start)}
			if err != nil {
				log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
				return err
			}
			log.InfoContext(ctx, "task done", attrs...)
			return nil
		})
	}
}
