package tasks

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
)

// Handlers groups every worker-side handler.
type Handlers struct {
	Installments *InstallmentHandlers
	Reminders    *ReminderHandlers
	Welcome      *WelcomeHandler
	Payroll      *PayrollHandlers
	Matching     *MatchingHandler
}

// NewServeMux routes task types to handlers and wraps them with logging.
func NewServeMux(h Handlers, log *slog.Logger) *asynq.ServeMux {
	routes := map[string]asynq.Handler{
		TypeInstallmentSweep:  asynq.HandlerFunc(h.Installments.Sweep),
		TypeInstallmentCharge: asynq.HandlerFunc(h.Installments.Charge),
		TypeReminderSweep:     asynq.HandlerFunc(h.Reminders.Sweep),
		TypeInstallmentRemind: asynq.HandlerFunc(h.Reminders.Remind),
		TypeSubscriptionWelc:  h.Welcome,
		TypePayrollClose:      asynq.HandlerFunc(h.Payroll.ClosePeriod),
		TypePayrollPayout:     asynq.HandlerFunc(h.Payroll.Payout),
		TypeMatchReconcile:    h.Matching,
	}
	mux := asynq.NewServeMux()
	mux.Use(logging(log))
	for typ, handler := range routes {
		mux.Handle(typ, handler)
	}
	return mux
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retried, "took", time.Since(start)}
			if err != nil {
				log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
				return err
			}
			log.DebugContext(ctx, "task done", attrs...)
			return nil
		})
	}
}
