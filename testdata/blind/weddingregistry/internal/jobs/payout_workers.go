package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/payouts"
)

// CashFundPayoutWorker pays out one fund for a period.
type CashFundPayoutWorker struct {
	river.WorkerDefaults[CashFundPayoutArgs]
	svc payouts.Service
}

func (w *CashFundPayoutWorker) Work(ctx context.Context, job *river.Job[CashFundPayoutArgs]) error {
	err := w.svc.PayOutFund(ctx, job.Args.CashFundID, job.Args.PeriodStart)
	if errors.Is(err, payouts.ErrPayoutsNotEnabled) {
		// The couple has not finished onboarding; tomorrow's sweep picks the fund up again.
		return river.JobCancel(err)
	}
	return err
}

// PayoutSweepWorker fans the daily sweep out into per-fund jobs. The period
// is the UTC day the sweep job was created, so a retried sweep schedules the
// same (fund, period) jobs.
type PayoutSweepWorker struct {
	river.WorkerDefaults[PayoutSweepArgs]
	svc payouts.Service
	log *slog.Logger
}

func (w *PayoutSweepWorker) Work(ctx context.Context, job *river.Job[PayoutSweepArgs]) error {
	period := job.CreatedAt.UTC().Truncate(24 * time.Hour)
	n, err := w.svc.ScheduleSweep(ctx, period)
	w.log.InfoContext(ctx, "payout sweep scheduled", "period", period.Format(time.DateOnly), "funds", n)
	return err
}

// ExpireReservationsWorker releases checkouts that were never paid.
type ExpireReservationsWorker struct {
	river.WorkerDefaults[ExpireReservationsArgs]
	svc gifting.Service
	ttl time.Duration
	log *slog.Logger
}

func (w *ExpireReservationsWorker) Work(ctx context.Context, job *river.Job[ExpireReservationsArgs]) error {
	n, err := w.svc.ExpireStaleCheckouts(ctx, w.ttl)
	if n > 0 {
		w.log.InfoContext(ctx, "expired stale checkouts", "count", n)
	}
	return err
}
