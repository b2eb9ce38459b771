package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/fieldday/leagues/internal/jobs"
)

// route binds a task type to its handler.
type route struct {
	taskType string
	handler  asynq.HandlerFunc
}

// routes is the registration table. Adding a task type means adding a row
// here and an Enqueue method in internal/jobs.
func (h *Handlers) routes() []route {
	return []route{
		{jobs.TypeReminderSend, h.handleReminderSend},
		{jobs.TypePaymentDueSweep, h.handlePaymentDueSweep},
		{jobs.TypePaymentDue, h.handlePaymentDue},
		{jobs.TypeOutboxDeliver, h.handleOutboxDeliver},
		{jobs.TypeReceipt, h.handleReceipt},
		{jobs.TypeWaitlistPromote, h.handleWaitlistPromote},
		{jobs.TypeExpireUnpaid, h.handleExpireUnpaid},
		{jobs.TypePaymentReconcile, h.handleReconcile},
		{jobs.TypeBackgroundCheck, h.handleBackgroundCheck},
		{jobs.TypeTeamsAutoAssign, h.handleAutoAssign},
	}
}

// NewMux registers every route on a ServeMux.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks)
	for _, r := range h.routes() {
		mux.Handle(r.taskType, r.handler)
	}
	return mux
}

// logTasks logs each task's outcome and duration.
func logTasks(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start)}
		if err != nil {
			slog.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
		} else {
			slog.InfoContext(ctx, "task done", attrs...)
		}
		return err
	})
}
