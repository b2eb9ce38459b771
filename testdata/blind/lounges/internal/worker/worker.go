// Package worker holds the asynq task handlers and the Kafka consumer run by
// cmd/worker.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/service"
	"github.com/aerolounge/loungepass/internal/tasks"
)

// Deps are the services the handlers call.
type Deps struct {
	Invoicing     service.InvoicingService
	DayPasses     service.DayPassService
	Loyalty       service.LoyaltyService
	Guests        service.GuestService
	Notifications service.NotificationService
	Renewals      service.RenewalService
	Log           *slog.Logger
}

type Handlers struct {
	d   Deps
	log *slog.Logger
}

func NewHandlers(d Deps) *Handlers { return &Handlers{d: d, log: d.Log} }

type route struct {
	taskType string
	timeout  time.Duration
	handle   func(context.Context, *asynq.Task) error
}

// routes is the registration table for every task type.
func (h *Handlers) routes() []route {
	return []route{
		{tasks.TypeInvoiceRun, time.Minute, h.handleInvoiceRun},
		{tasks.TypeInvoiceGenerate, 10 * time.Minute, h.handleInvoiceGenerate},
		{tasks.TypeInvoiceSubmit, 2 * time.Minute, h.handleInvoiceSubmit},
		{tasks.TypeRefundProcess, time.Minute, h.handleRefund},
		{tasks.TypeOutboxRelay, 30 * time.Second, h.handleOutboxRelay},
		{tasks.TypeLoyaltyResendVisits, 30 * time.Minute, h.handleLoyaltyResend},
		{tasks.TypeGuestPassAllowance, 20 * time.Minute, h.handleAllowance},
		{tasks.TypeRenewalReminders, 10 * time.Minute, h.handleRenewalReminders},
		{tasks.TypeChargeRenewals, 20 * time.Minute, h.handleChargeRenewals},
		{tasks.TypeNotifyReceipt, 30 * time.Second, h.handleReceipt},
		{tasks.TypeNotifyTransferEmail, 30 * time.Second, h.handleTransferEmail},
		{tasks.TypeDayPassExpire, 5 * time.Minute, h.handleExpire},
	}
}

// Register mounts every handler on mux, wrapped with a timeout and logging.
func (h *Handlers) Register(mux *asynq.ServeMux) {
	for _, r := range h.routes() {
		mux.HandleFunc(r.taskType, h.instrument(r))
	}
}

func (h *Handlers) instrument(r route) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		ctx, cancel := context.WithTimeout(ctx, r.timeout)
		defer cancel()
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		start := time.Now()
		err := r.handle(ctx, t)
		attrs := []any{"task", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start)}
		if err != nil {
			h.log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
			return fmt.Errorf("%s: %w", t.Type(), err)
		}
		h.log.DebugContext(ctx, "task done", attrs...)
		return nil
	}
}

// Periodic is one scheduler entry.
type Periodic struct {
	Cron     string
	TaskType string
	Opts     []asynq.Option
}

// Schedule lists the periodic tasks registered with the asynq scheduler.
func Schedule() []Periodic {
	return []Periodic{
		{"@every 1m", tasks.TypeOutboxRelay, []asynq.Option{asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(0), asynq.Unique(time.Minute)}},
		{"15 0 * * *", tasks.TypeDayPassExpire, []asynq.Option{asynq.Queue(tasks.QueueBulk)}},
		{"0 9 * * *", tasks.TypeRenewalReminders, []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
		{"0 6 * * *", tasks.TypeChargeRenewals, []asynq.Option{asynq.Queue(tasks.QueueCritical)}},
		{"0 2 1 * *", tasks.TypeGuestPassAllowance, []asynq.Option{asynq.Queue(tasks.QueueBulk)}},
	}
}
