package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/platform/logx"
)

func loggingMiddleware(base *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			l := base.With("task_type", t.Type(), "task_id", id, "retry", retry)
			start := time.Now()
			err := next.ProcessTask(logx.With(ctx, l), t)
			if err != nil {
				l.Warn("task failed", "err", err, "dur_ms", time.Since(start).Milliseconds())
				return err
			}
			l.Info("task done", "dur_ms", time.Since(start).Milliseconds())
			return nil
		})
	}
}
