// Package jobs holds the worker's asynq task handlers and the table that
// registers them.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/keystonebail/bondline/internal/app"
	"github.com/keystonebail/bondline/internal/jobs/tasks"
)

type route struct {
	taskType string
	handler  asynq.HandlerFunc
}

// NewMux registers every task handler.
func NewMux(c *app.Container) *asynq.ServeMux {
	h := &handlers{c: c}
	routes := []route{
		{tasks.TypeOutboxRelay, h.relayOutbox},
		{tasks.TypeRemindersSchedule, h.scheduleReminders},
		{tasks.TypeReminderSend, withPayload(h.sendReminder)},
		{tasks.TypeForfeitureProcess, withPayload(h.processForfeiture)},
		{tasks.TypeCollateralRefund, withPayload(h.refundCollateral)},
		{tasks.TypeSuretyReconcile, withPayload(h.reconcile)},
		{tasks.TypeInstallmentsCharge, h.chargeInstallments},
		{tasks.TypeCheckinSweep, h.sweepCheckins},
		{tasks.TypeCheckinEscalate, withPayload(h.escalateCheckin)},
	}

	mux := asynq.NewServeMux()
	mux.Use(logTask)
	for _, r := range routes {
		mux.HandleFunc(r.taskType, r.handler)
	}
	return mux
}

// withPayload decodes the task's JSON payload before calling fn. A payload
// that does not decode will never decode, so it is not retried.
func withPayload[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("%s: decode payload: %v: %w", t.Type(), err, asynq.SkipRetry)
			}
		}
		return fn(ctx, p)
	}
}

func logTask(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		lvl := slog.LevelInfo
		if err != nil {
			lvl = slog.LevelWarn
		}
		slog.Log(ctx, lvl, "task", "type", t.Type(), "id", id, "retry", retry,
			"took", time.Since(start), "err", err)
		return err
	})
}
