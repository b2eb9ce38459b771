package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// ScheduleSettlementsWorker runs daily and fans out per-merchant settlement
// jobs for the previous UTC day.
type ScheduleSettlementsWorker struct {
	river.WorkerDefaults[tasks.ScheduleSettlements]
	settlements service.Settlements
	now         func() time.Time
	log         *slog.Logger
}

func (w *ScheduleSettlementsWorker) Work(ctx context.Context, job *river.Job[tasks.ScheduleSettlements]) error {
	day := w.now().UTC().AddDate(0, 0, -1)
	n, err := w.settlements.Schedule(ctx, day)
	if err != nil {
		return err
	}
	w.log.InfoContext(ctx, "settlements scheduled", "day", day.Format(time.DateOnly), "merchants", n)
	return nil
}

type BuildSettlementWorker struct {
	river.WorkerDefaults[tasks.BuildSettlement]
	settlements service.Settlements
	log         *slog.Logger
}

func (w *BuildSettlementWorker) Work(ctx context.Context, job *river.Job[tasks.BuildSettlement]) error {
	s, err := w.settlements.Build(ctx, job.Args.MerchantID, job.Args.PeriodStart)
	if err != nil {
		return err
	}
	w.log.InfoContext(ctx, "settlement built", "settlement_id", s.ID, "merchant_id", s.MerchantID,
		"gross_cents", s.GrossCents, "redemptions", s.RedemptionCount)
	return nil
}

type PayoutSettlementWorker struct {
	river.WorkerDefaults[tasks.PayoutSettlement]
	settlements service.Settlements
}

func (w *PayoutSettlementWorker) Work(ctx context.Context, job *river.Job[tasks.PayoutSettlement]) error {
	return w.settlements.Payout(ctx, job.Args.SettlementID)
}

func (w *PayoutSettlementWorker) NextRetry(job *river.Job[tasks.PayoutSettlement]) time.Time {
	// Transfers fail mostly on connected-account restrictions that take a
	// human to fix, so back off linearly up to an hour. MaxAttempts (15)
	// keeps every retry inside Stripe's 24h idempotency-key window.
	return time.Now().Add(time.Duration(min(job.Attempt, 6)) * 10 * time.Minute)
}
