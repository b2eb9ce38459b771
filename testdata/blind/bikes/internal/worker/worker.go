// Package worker runs the asynq task handlers.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/cyclegrid/bikeshare/internal/config"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type Handlers struct {
	billing       service.BillingService
	notifications service.NotificationService
	refunds       service.RefundService
	wallet        service.WalletService
	rebalance     service.RebalanceService
	log           *slog.Logger
}

func NewHandlers(billing service.BillingService, notifications service.NotificationService, refunds service.RefundService,
	wallet service.WalletService, rebalance service.RebalanceService, log *slog.Logger) *Handlers {
	return &Handlers{
		billing:       billing,
		notifications: notifications,
		refunds:       refunds,
		wallet:        wallet,
		rebalance:     rebalance,
		log:           log,
	}
}

// table lists every task type the worker serves.
func (h *Handlers) table() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		tasks.TypeRideCharge:         h.rideCharge,
		tasks.TypeRideReceipt:        h.rideReceipt,
		tasks.TypeRefundProcess:      h.refundProcess,
		tasks.TypeRefundNotify:       h.refundNotify,
		tasks.TypeWalletAutoreload:   h.walletAutoreload,
		tasks.TypeWalletCredit:       h.walletCredit,
		tasks.TypePassActivated:      h.passActivated,
		tasks.TypePassExpiryReminder: h.passExpiryReminder,
		tasks.TypeCrewDispatch:       h.crewDispatch,
	}
}

// skipMissing stops retries for tasks that point at rows which do not exist.
func skipMissing(err error) error {
	if errors.Is(err, repository.ErrNotFound) {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

func (h *Handlers) rideCharge(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RideChargePayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.billing.ChargeRide(ctx, p.ChargeID))
}

func (h *Handlers) rideReceipt(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RideReceiptPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.notifications.SendRideReceipt(ctx, p.RideID))
}

func (h *Handlers) refundProcess(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RefundPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.refunds.Process(ctx, p.RefundID))
}

func (h *Handlers) refundNotify(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RefundPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.notifications.SendRefundIssued(ctx, p.RefundID))
}

func (h *Handlers) walletAutoreload(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.AutoreloadPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.wallet.AutoReload(ctx, p.RiderID, p.Trigger))
}

func (h *Handlers) walletCredit(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.WalletCreditPayload](t)
	if err != nil {
		return err
	}
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("%w: no task id in context", asynq.SkipRetry)
	}
	return h.wallet.CreditForTask(ctx, taskID, p)
}

func (h *Handlers) passActivated(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PassPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.notifications.SendPassActivated(ctx, p.PassID))
}

func (h *Handlers) passExpiryReminder(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PassReminderPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.notifications.SendPassExpiryReminder(ctx, p.PassID, p.ExpiresAt))
}

func (h *Handlers) crewDispatch(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.CrewDispatchPayload](t)
	if err != nil {
		return err
	}
	return skipMissing(h.rebalance.Dispatch(ctx, p.JobID))
}

// Worker owns the asynq server.
type Worker struct {
	srv *asynq.Server
	mux *asynq.ServeMux
	log *slog.Logger
}

func NewWorker(cfg config.Config, opt asynq.RedisClientOpt, h *Handlers, log *slog.Logger) *Worker {
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			d := time.Duration(1<<min(n, 10)) * time.Second
			return min(d, 15*time.Minute)
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			log.WarnContext(ctx, "task failed", "type", t.Type(), "retry", retried, "err", err)
		}),
	})
	mux := asynq.NewServeMux()
	for typ, fn := range h.table() {
		mux.HandleFunc(typ, fn)
	}
	return &Worker{srv: srv, mux: mux, log: log}
}

func (w *Worker) Start() error {
	w.log.Info("worker starting")
	return w.srv.Start(w.mux)
}

func (w *Worker) Shutdown() { w.srv.Shutdown() }

var ProviderSet = wire.NewSet(NewHandlers, NewWorker)
