// Package worker runs the asynq task handlers. Handlers are registered from
// a table keyed by task type; each decodes its payload and calls a service.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/service"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

// HoldRunner places and releases supplier holds.
type HoldRunner interface {
	PlaceForBooking(ctx context.Context, bookingID string) error
	ReleaseForBooking(ctx context.Context, bookingID string) error
}

// BalanceCharger takes balances off-session.
type BalanceCharger interface {
	ChargeBalanceOffSession(ctx context.Context, bookingID string) error
}

// RefundProcessor sends refunds to Stripe.
type RefundProcessor interface {
	ProcessRefund(ctx context.Context, refundID string) error
}

// Notifier sends booking emails.
type Notifier interface {
	SendBookingConfirmation(ctx context.Context, bookingID string) error
	SendPreDeparture(ctx context.Context, p tasks.PreDeparturePayload) error
}

// PayoutRunner pays supplier invoices.
type PayoutRunner interface {
	PayInvoice(ctx context.Context, invoiceID string) error
}

// Reconciler reconciles supplier invoices.
type Reconciler interface {
	Reconcile(ctx context.Context, invoiceID string) error
}

// Expirer expires unpaid bookings.
type Expirer interface {
	ExpireUnpaid(ctx context.Context) (int, error)
}

// DepartureJobs are the daily departure chores.
type DepartureJobs interface {
	LockManifests(ctx context.Context) ([]string, error)
	DuePreDeparture(ctx context.Context) ([]tasks.PreDeparturePayload, error)
	DueBalances(ctx context.Context) ([]string, error)
}

// Worker owns the task handlers.
type Worker struct {
	holds         HoldRunner
	balances      BalanceCharger
	refunds       RefundProcessor
	notifications Notifier
	payouts       PayoutRunner
	invoices      Reconciler
	bookings      Expirer
	departures    DepartureJobs
	queue         tasks.Enqueuer
	log           *slog.Logger
}

// New constructs a Worker.
func New(holds *service.HoldService, balances *service.PaymentService, refunds *service.CancellationService,
	notifications *service.NotificationService, payouts *service.PayoutService, invoices *service.InvoiceService,
	bookings *service.BookingService, departures *service.DepartureService, queue tasks.Enqueuer,
	log *slog.Logger) *Worker {
	return &Worker{
		holds: holds, balances: balances, refunds: refunds, notifications: notifications,
		payouts: payouts, invoices: invoices, bookings: bookings, departures: departures,
		queue: queue, log: log,
	}
}

// handlers is the registration table.
func (w *Worker) handlers() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		tasks.TypeHoldPlace:              w.placeHolds,
		tasks.TypeHoldRelease:            w.releaseHolds,
		tasks.TypeChargeBalance:          w.chargeBalance,
		tasks.TypeRefundProcess:          w.processRefund,
		tasks.TypeEmailBookingConfirmed:  w.sendConfirmation,
		tasks.TypeEmailPreDeparture:      w.sendPreDeparture,
		tasks.TypeDailySweep:             w.dailySweep,
		tasks.TypePayoutSupplier:         w.payoutSupplier,
		tasks.TypeInvoiceReconcile:       w.reconcileInvoice,
		tasks.TypeBookingExpireUnpaid:    w.expireUnpaid,
		tasks.TypeDepartureLockManifests: w.lockManifests,
	}
}

// NewServeMux registers every handler on a ServeMux.
func NewServeMux(w *Worker) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(w.logging)
	for typ, h := range w.handlers() {
		mux.Handle(typ, h)
	}
	return mux
}

// Periodic is a task the scheduler enqueues on a cron spec.
type Periodic struct {
	Cron string
	Type string
	Opts []asynq.Option
}

// PeriodicTasks is the scheduler's table.
var PeriodicTasks = []Periodic{
	{Cron: "*/5 * * * *", Type: tasks.TypeBookingExpireUnpaid, Opts: []asynq.Option{asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(2)}},
	{Cron: "15 6 * * *", Type: tasks.TypeDailySweep, Opts: []asynq.Option{asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(5)}},
	{Cron: "0 2 * * *", Type: tasks.TypeDepartureLockManifests, Opts: []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
}

// RegisterPeriodic registers the periodic tasks on a scheduler.
func RegisterPeriodic(s *asynq.Scheduler) error {
	for _, p := range PeriodicTasks {
		if _, err := s.Register(p.Cron, asynq.NewTask(p.Type, nil), p.Opts...); err != nil {
			return fmt.Errorf("register %s: %w", p.Type, err)
		}
	}
	return nil
}

func (w *Worker) logging(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		start := time.Now()
		err := next.ProcessTask(ctx, t)
		attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "duration_ms", time.Since(start).Milliseconds()}
		if err != nil {
			w.log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
			return err
		}
		w.log.InfoContext(ctx, "task done", attrs...)
		return nil
	})
}

// permanent marks errors that retrying cannot fix so asynq archives the task
// instead of retrying it.
func permanent(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, domain.ErrNotFound) || errors.Is(err, domain.ErrValidation) ||
		errors.Is(err, domain.ErrInvalidState) {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}
