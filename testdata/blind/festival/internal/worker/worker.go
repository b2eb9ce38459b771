// Package worker runs the asynq task handlers.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/service/refund"
	"github.com/loopgate/festival-cashless/internal/service/topup"
	"github.com/loopgate/festival-cashless/internal/service/vendor"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

// payloadHandler decodes the task payload into P and calls fn.
func payloadHandler[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
			}
		}
		return fn(ctx, p)
	}
}

type Handlers struct {
	refunds *refund.Service
	topups  *topup.Service
	vendors *vendor.Service
	notify  *notify.Service
}

func NewHandlers(r *refund.Service, t *topup.Service, v *vendor.Service, n *notify.Service) *Handlers {
	return &Handlers{refunds: r, topups: t, vendors: v, notify: n}
}

func (h *Handlers) refundExecute(ctx context.Context, p tasks.RefundExecutePayload) error {
	return h.refunds.Execute(ctx, p.RefundID)
}

func (h *Handlers) refundCreateAll(ctx context.Context, _ struct{}) error {
	n, err := h.refunds.CreateAll(ctx)
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "refunds opened", "count", n)
	return nil
}

func (h *Handlers) accrueFees(ctx context.Context, _ struct{}) error {
	return h.vendors.AccrueHourlyFees(ctx)
}

func (h *Handlers) closeDay(ctx context.Context, p tasks.SettlementClosePayload) error {
	return h.vendors.CloseDay(ctx, p.Day)
}

func (h *Handlers) payoutExecute(ctx context.Context, p tasks.PayoutExecutePayload) error {
	return h.vendors.ExecutePayout(ctx, p.PayoutID)
}

func (h *Handlers) refundWindow(ctx context.Context, _ struct{}) error {
	return h.notify.RefundWindowOpen(ctx)
}

func (h *Handlers) smsSend(ctx context.Context, p tasks.SMSSendPayload) error {
	return h.notify.SendQueued(ctx, p.NotificationID)
}

// NewMux registers every task type.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logging)
	mux.Handle(tasks.TypeRefundExecute, payloadHandler(h.refundExecute))
	mux.Handle(tasks.TypeRefundCreateAll, payloadHandler(h.refundCreateAll))
	mux.Handle(tasks.TypeTopupAutoreload, payloadHandler(h.topups.Autoreload))
	mux.Handle(tasks.TypeVendorAccrueFees, payloadHandler(h.accrueFees))
	mux.Handle(tasks.TypeNotifyRefundOpen, payloadHandler(h.refundWindow))
	mux.Handle(tasks.TypeSettlementClose, payloadHandler(h.closeDay))
	mux.Handle(tasks.TypePayoutExecute, payloadHandler(h.payoutExecute))
	mux.Handle(tasks.TypePayoutEarly, payloadHandler(h.vendors.ExecuteEarlyPayout))
	mux.Handle(tasks.TypeSMSSend, payloadHandler(h.smsSend))
	return mux
}

func logging(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		slog.InfoContext(ctx, "task processed", "type", t.Type(), "id", id, "retry", retry, "took", time.Since(start), "err", err)
		return err
	})
}

type Worker struct {
	srv *asynq.Server
	mux *asynq.ServeMux
}

func NewWorker(opt asynq.RedisClientOpt, mux *asynq.ServeMux, cfg config.Config) *Worker {
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: asynq.DefaultRetryDelayFunc,
	})
	return &Worker{srv: srv, mux: mux}
}

func (w *Worker) Run() error { return w.srv.Run(w.mux) }
