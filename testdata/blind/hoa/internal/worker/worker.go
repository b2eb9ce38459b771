// Package worker holds the asynq task handlers, registered from a table of
// task type to handler.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/amenities"
	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/notices"
	"github.com/larchway/hoaops/internal/payments"
	"github.com/larchway/hoaops/internal/payouts"
	"github.com/larchway/hoaops/internal/tasks"
)

// Handlers holds the services the tasks call.
type Handlers struct {
	fx.In

	Billing   billing.Service
	Payments  payments.Service
	Payouts   payouts.Service
	Amenities amenities.Service
	Notices   notices.Service
	Logger    *slog.Logger
}

// Table maps each task type to its handler.
func Table(h Handlers) map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		tasks.TypeDuesGenerate:  typed(h.generateDues),
		tasks.TypeDuesCollect:   typed(h.collectDues),
		tasks.TypeDuesReminder:  typed(h.sendReminder),
		tasks.TypeLateFeeAssess: typed(h.assessLateFee),
		tasks.TypeFineCollect:   typed(h.collectFine),
		tasks.TypeVendorPayout:  typed(h.payVendor),
		tasks.TypeDepositRefund: typed(h.refundDeposit),
		tasks.TypeNoticeEmail:   typed(h.sendNoticeEmail),
		tasks.TypeNoticeSMS:     typed(h.sendNoticeSMS),
	}
}

// NewServeMux registers the table on a mux with logging middleware.
func NewServeMux(table map[string]asynq.HandlerFunc, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(log))
	for typ, fn := range table {
		mux.HandleFunc(typ, fn)
	}
	return mux
}

// typed decodes the task payload into T. Payloads that do not decode are
// not retried.
func typed[T any](fn func(ctx context.Context, payload T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var payload T
		if err := json.Unmarshal(t.Payload(), &payload); err != nil {
			return fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, payload)
	}
}

func logTasks(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "dur_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
			} else {
				log.InfoContext(ctx, "task done", attrs...)
			}
			return err
		})
	}
}
