package tasks

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
)

// Logging logs every task execution with its ID and retry count.
func Logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retried, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
			} else {
				log.InfoContext(ctx, "task done", attrs...)
			}
			return err
		})
	}
}
