// Package worker runs the asynq task handlers and the periodic scheduler.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/platform/logging"
	"github.com/encorelane/resale/internal/service"
)

// taskDef is one row of the registration table.
type taskDef struct {
	Type    string
	Handler asynq.HandlerFunc
	// Timeout bounds a single run; asynq retries on expiry.
	Timeout time.Duration
}

type Services struct {
	Transfers  service.TransferService
	Refunds    service.RefundService
	Payouts    service.PayoutService
	Receipts   service.ReceiptService
	Settlement service.SettlementService
	Outbox     service.OutboxRelay
}

type Worker struct {
	svc Services
	log *slog.Logger
}

func New(svc Services, log *slog.Logger) *Worker {
	return &Worker{svc: svc, log: log.With("component", "worker")}
}

func (w *Worker) tasks() []taskDef {
	return []taskDef{
		{Type: jobs.TypeTransferTickets, Timeout: time.Minute, Handler: payload(func(ctx context.Context, p jobs.TransferTicketsPayload) error {
			return w.svc.Transfers.Deliver(ctx, p.OrderID)
		})},
		{Type: jobs.TypeRefundOrder, Timeout: time.Minute, Handler: payload(func(ctx context.Context, p jobs.RefundOrderPayload) error {
			return w.svc.Refunds.RefundOrder(ctx, p.OrderID, p.Reason)
		})},
		{Type: jobs.TypePayoutSeller, Timeout: time.Minute, Handler: payload(func(ctx context.Context, p jobs.PayoutSellerPayload) error {
			return w.svc.Payouts.PayOrder(ctx, p.OrderID)
		})},
		{Type: jobs.TypeSendReceipt, Timeout: 30 * time.Second, Handler: payload(func(ctx context.Context, p jobs.SendReceiptPayload) error {
			return w.svc.Receipts.Send(ctx, p.OrderID)
		})},
		{Type: jobs.TypeCloseSettlements, Timeout: 10 * time.Minute, Handler: func(ctx context.Context, _ *asynq.Task) error {
			return w.svc.Settlement.CloseDue(ctx)
		}},
		{Type: jobs.TypeRelayOutbox, Timeout: 30 * time.Second, Handler: func(ctx context.Context, _ *asynq.Task) error {
			return w.svc.Outbox.Relay(ctx)
		}},
	}
}

// Mux registers every task in the table.
func (w *Worker) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(w.logTasks)
	for _, t := range w.tasks() {
		mux.Handle(t.Type, withTimeout(t.Timeout, t.Handler))
	}
	return mux
}

func (w *Worker) logTasks(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		l := w.log.With("task_type", t.Type(), "task_id", id, "retry", retry)
		start := time.Now()
		err := next.ProcessTask(logging.WithLogger(ctx, l), t)
		if err != nil {
			l.Error("task failed", "err", err, "duration_ms", time.Since(start).Milliseconds())
			return err
		}
		l.Info("task done", "duration_ms", time.Since(start).Milliseconds())
		return nil
	})
}

func withTimeout(d time.Duration, h asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return h.ProcessTask(ctx, t)
	})
}

// payload decodes the task body into P before calling fn.
func payload[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	}
}

// NewServer builds the asynq server with the team's queue weights.
func NewServer(cfg *config.Config, opt asynq.RedisClientOpt) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.Worker.Concurrency,
		Queues: map[string]int{
			jobs.QueueCritical: 6,
			jobs.QueueDefault:  3,
			jobs.QueueLow:      1,
		},
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			return asynq.DefaultRetryDelayFunc(n, err, t)
		},
	})
}
