// Package tasks registers the asynq task handlers run by the worker.
package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/dispatch"
	"github.com/tradeloop/homeservices/internal/service/warranty"
)

// ProviderSet provides the Worker, the reminder sender and the asynq server.
var ProviderSet = wire.NewSet(wire.Struct(new(Worker), "*"), NewReminders, NewServer, NewServeMux)

// Worker holds the services the task handlers call.
type Worker struct {
	Billing   *billing.Service
	Payouts   *billing.Payouts
	Invoices  *billing.Invoices
	Warranty  *warranty.Service
	Dispatch  *dispatch.Service
	Reminders *Reminders
}

// NewServer builds the asynq server.
func NewServer(cfg *config.Config, opt asynq.RedisClientOpt) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueLow:      1,
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			slog.ErrorContext(ctx, "task failed", "type", t.Type(), "retry", retried, "err", err)
		}),
	})
}

// NewServeMux registers every task type.
func NewServeMux(w *Worker) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	for typ, h := range w.routes() {
		mux.Handle(typ, h)
	}
	return mux
}

func (w *Worker) routes() map[string]asynq.Handler {
	return map[string]asynq.Handler{
		queue.TypeCaptureDeposit: handle(func(ctx context.Context, p queue.CaptureDeposit) error {
			return w.Billing.CaptureDeposit(ctx, p.HoldID)
		}),
		queue.TypeRefund: handle(func(ctx context.Context, p queue.Refund) error {
			return w.Billing.ExecuteRefund(ctx, p.RefundID)
		}),
		queue.TypePayoutTransfer: handle(func(ctx context.Context, p queue.PayoutTransfer) error {
			return w.Payouts.Transfer(ctx, p.PayoutID)
		}),
		queue.TypeAppointmentReminder: handle(w.Reminders.Send),
		queue.TypeSubmitWarrantyClaim: handle(func(ctx context.Context, p queue.SubmitWarrantyClaim) error {
			return w.Warranty.SubmitClaim(ctx, p.ClaimID)
		}),
		queue.TypeEscalateDispatch: handle(func(ctx context.Context, p queue.EscalateDispatch) error {
			return w.Dispatch.Escalate(ctx, p.JobID)
		}),
		queue.TypeReleaseExpiredHolds: handle(func(ctx context.Context, _ queue.ReleaseExpiredHolds) error {
			n, err := w.Billing.ReleaseExpiredHolds(ctx)
			slog.InfoContext(ctx, "released expired holds", "count", n)
			return err
		}),
		queue.TypeSendInvoice: handle(func(ctx context.Context, p queue.SendInvoice) error {
			return w.Invoices.Send(ctx, p.JobID)
		}),
	}
}

// handle decodes the payload and stops retrying errors that cannot succeed.
func handle[P any](fn func(context.Context, P) error) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		p, err := queue.Decode[P](t)
		if err != nil {
			return err
		}
		err = fn(ctx, p)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, domain.ErrNotFound), errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalid):
			return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
		default:
			return err
		}
	})
}
