// Package worker registers the asynq task handlers.
package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/service"
	"github.com/refundbridge/advance/internal/tasks"
)

// Services are the services tasks delegate to.
type Services struct {
	Underwriting  service.Underwriting
	Disbursements service.Disbursements
	Notices       service.Notices
	Commissions   service.Commissions
	Repayments    service.Repayments
}

// Register adds every task handler to mux.
func Register(mux *asynq.ServeMux, svc Services, log *slog.Logger) {
	mux.Use(logging(log))

	routes := []struct {
		typ     string
		handler asynq.HandlerFunc
	}{
		{tasks.TypeUnderwrite, byApplication(svc.Underwriting.Underwrite)},
		{tasks.TypeDisburse, byApplication(svc.Disbursements.Disburse)},
		{tasks.TypeAdverseAction, byApplication(svc.Notices.SendAdverseAction)},
		{tasks.TypeAccrueCommission, byApplication(svc.Commissions.Accrue)},
		{tasks.TypeSettleDeposit, byDeposit(svc.Repayments.Settle)},
		{tasks.TypePayRemainder, byDeposit(svc.Repayments.PayRemainder)},
		{tasks.TypeCommissionPayout, payout(svc.Commissions)},
	}
	for _, r := range routes {
		mux.Handle(r.typ, r.handler)
	}
}

func byApplication(fn func(context.Context, uuid.UUID) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[tasks.ApplicationPayload](t)
		if err != nil {
			return err
		}
		return classify(fn(ctx, p.ApplicationID))
	}
}

func byDeposit(fn func(context.Context, uuid.UUID) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[tasks.DepositPayload](t)
		if err != nil {
			return err
		}
		return classify(fn(ctx, p.DepositID))
	}
}

func payout(c service.Commissions) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[tasks.PayoutPayload](t)
		if err != nil {
			return err
		}
		return classify(c.Payout(ctx, p.PartnerID, p.PeriodStart, p.PeriodEnd))
	}
}

// classify stops retries for errors another attempt cannot fix.
func classify(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, domain.ErrDecisionNotDecline):
		return errors.Join(err, asynq.SkipRetry)
	default:
		return err
	}
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retried, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.WarnContext(ctx, "task failed", append(attrs, "err", err)...)
			} else {
				log.InfoContext(ctx, "task done", attrs...)
			}
			return err
		})
	}
}

// RetryDelay backs off faster for "not yet" conditions than for failures.
func RetryDelay(n int, err error, t *asynq.Task) time.Duration {
	if errors.Is(err, domain.ErrNotYetFunded) {
		return time.Duration(n+1) * time.Minute
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}
