package tasks

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
)

// NewMux registers every entry of the handler table.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTask)
	for typ, fn := range h.Table() {
		mux.HandleFunc(typ, fn)
	}
	return mux
}

// Periodic is one cron entry of the scheduler.
type Periodic struct {
	Spec  string
	Type  string
	Queue string
}

// Schedule lists the periodic tasks. Times are UTC.
var Schedule = []Periodic{
	{Spec: "15 0 * * *", Type: TypeAccrueDaily, Queue: QueueBilling},
	{Spec: "0 3 1 * *", Type: TypeClosePeriod, Queue: QueueBilling},
	{Spec: "@every 30s", Type: TypeRelayOutbox, Queue: QueueEDI},
}

// RegisterSchedule adds Schedule to s.
func RegisterSchedule(s *asynq.Scheduler) error {
	for _, p := range Schedule {
		if _, err := s.Register(p.Spec, asynq.NewTask(p.Type, nil),
			asynq.Queue(p.Queue), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)); err != nil {
			return err
		}
	}
	return nil
}

func logTask(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		start := time.Now()
		err := next.ProcessTask(ctx, t)
		if err != nil {
			slog.WarnContext(ctx, "task failed", "type", t.Type(), "id", id, "retry", retry, "err", err)
			return err
		}
		slog.InfoContext(ctx, "task done", "type", t.Type(), "id", id, "took", time.Since(start))
		return nil
	})
}
