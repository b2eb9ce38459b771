package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// PayrollService is the payroll office as seen by the worker.
type PayrollService interface {
	ClosePeriod(ctx context.Context, day time.Time) (*domain.PayrollRun, []domain.Payout, error)
	PayOut(ctx context.Context, payoutID string) error
}

// PayoutScheduler enqueues bank transfers.
type PayoutScheduler interface {
	EnqueuePayout(ctx context.Context, payoutID string) error
}

// PayrollHandlers closes pay periods and pays musicians.
type PayrollHandlers struct {
	Payroll   PayrollService
	Scheduler PayoutScheduler
	Log       *slog.Logger
}

// ClosePeriod builds the period's payouts and queues a transfer for each.
func (h *PayrollHandlers) ClosePeriod(ctx context.Context, t *asynq.Task) error {
	p, err := decode[ClosePeriodPayload](t)
	if err != nil {
		return err
	}
	day, err := time.Parse(time.DateOnly, p.PeriodStart)
	if err != nil {
		return fmt.Errorf("period_start %q: %v: %w", p.PeriodStart, err, asynq.SkipRetry)
	}
	run, payouts, err := h.Payroll.ClosePeriod(ctx, day)
	if errors.Is(err, domain.ErrConflict) {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	for _, po := range payouts {
		if err := h.Scheduler.EnqueuePayout(ctx, po.ID); err != nil {
			return fmt.Errorf("enqueue payout %s: %w", po.ID, err)
		}
	}
	h.Log.InfoContext(ctx, "payroll period closed", "run_id", run.ID, "payouts", len(payouts), "total_cents", run.TotalCents)
	return nil
}

// Payout pushes one payout to the bank.
func (h *PayrollHandlers) Payout(ctx context.Context, t *asynq.Task) error {
	p, err := decode[PayoutPayload](t)
	if err != nil {
		return err
	}
	err = h.Payroll.PayOut(ctx, p.PayoutID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("payout %s: %w", p.PayoutID, asynq.SkipRetry)
	}
	return err
}
