// Package tasks holds the asynq task handlers and their registration
// table.
package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/service"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

// Handlers holds the services the task handlers call.
type Handlers struct {
	Notices  service.NotificationService
	Deposits service.DepositService
	Fees     service.FeeService
	Repairs  service.RepairService
	Now      clock.Clock
	Log      *slog.Logger
	Location *time.Location
}

// route binds a task type to its handler and queue.
type route struct {
	taskType string
	queue    string
	handle   asynq.HandlerFunc
}

func (h *Handlers) routes() []route {
	return []route{
		{payloads.TypeSweepDueSoon, queue.QueueLow, h.sweepDueSoon},
		{payloads.TypeDueSoonReminder, queue.QueueDefault, h.dueSoonReminder},
		{payloads.TypeSweepOverdue, queue.QueueLow, h.sweepOverdue},
		{payloads.TypeOverdueNotice, queue.QueueDefault, h.overdueNotice},
		{payloads.TypeFeeFailedNotice, queue.QueueDefault, h.feeFailedNotice},
		{payloads.TypeDepositRelease, queue.QueueCritical, h.depositRelease},
		{payloads.TypeCaptureDamage, queue.QueueCritical, h.captureDamage},
		{payloads.TypeRepairDispatch, queue.QueueDefault, h.repairDispatch},
		{payloads.TypeSweepUnpaidFees, queue.QueueLow, h.sweepUnpaidFees},
		{payloads.TypeFeeCharge, queue.QueueCritical, h.feeCharge},
	}
}

// QueueFor returns the queue a task type is published to.
func QueueFor(routes []route) func(string) string {
	m := make(map[string]string, len(routes))
	for _, r := range routes {
		m[r.taskType] = r.queue
	}
	return func(t string) string {
		if q, ok := m[t]; ok {
			return q
		}
		return queue.QueueDefault
	}
}

// DefaultQueueFor is QueueFor over the static route table, for producers
// that are wired before the handlers exist.
func DefaultQueueFor() func(string) string {
	return QueueFor((&Handlers{}).routes())
}

// NewServeMux registers every handler behind the common middleware.
func NewServeMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(recoverer(h.Log), logging(h.Log), skipPermanent)
	for _, r := range h.routes() {
		mux.HandleFunc(r.taskType, r.handle)
	}
	return mux
}

// Periodic lists the scheduler entries.
func Periodic() []PeriodicTask {
	return []PeriodicTask{
		{Cron: "0 9 * * *", Type: payloads.TypeSweepDueSoon},
		{Cron: "30 10 * * *", Type: payloads.TypeSweepOverdue},
		{Cron: "0 3 * * *", Type: payloads.TypeSweepUnpaidFees},
	}
}

type PeriodicTask struct {
	Cron string
	Type string
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start)}
			if err != nil {
				log.WarnContext(ctx, "task failed", append(attrs, "err", err)...)
			} else {
				log.DebugContext(ctx, "task done", attrs...)
			}
			return err
		})
	}
}

func recoverer(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) (err error) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(ctx, "task panic", "type", t.Type(), "panic", p)
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			return next.ProcessTask(ctx, t)
		})
	}
}

// skipPermanent turns business errors that cannot succeed on retry into
// asynq.SkipRetry so they go straight to the archive.
func skipPermanent(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		err := next.ProcessTask(ctx, t)
		if err != nil && !errors.Is(err, asynq.SkipRetry) && !service.IsRetryable(err) {
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		}
		return err
	})
}

// sweepTime resolves the as-of time for a sweep task.
func (h *Handlers) sweepTime(t *asynq.Task) (time.Time, error) {
	if len(t.Payload()) == 0 {
		return h.Now(), nil
	}
	p, err := queue.Decode[payloads.Sweep](t)
	if err != nil {
		return time.Time{}, err
	}
	if p.AsOf == "" {
		return h.Now(), nil
	}
	ts, err := time.Parse(time.RFC3339, p.AsOf)
	if err != nil {
		return time.Time{}, fmt.Errorf("as_of: %w: %w", err, asynq.SkipRetry)
	}
	return ts, nil
}

func (h *Handlers) parseDate(s string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("date %q: %w: %w", s, err, asynq.SkipRetry)
	}
	return d, nil
}
