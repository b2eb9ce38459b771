package jobs

import (
	"context"
	"log/slog"
	"time"
)

type StorageJobs interface {
	Accrue(ctx context.Context, period time.Time) (int, error)
	Invoice(ctx context.Context, period time.Time) (int, error)
}

type SettlementJobs interface {
	BuildSeason(ctx context.Context, season int) (int, error)
	FinalizeSeason(ctx context.Context, season int) (int, error)
	DispatchPending(ctx context.Context, batch int) (int, error)
}

type DeferredJobs interface {
	PayDue(ctx context.Context, asOf time.Time) (int, error)
}

// counted adapts a service call that returns a count into a job body.
func counted(log *slog.Logger, what string, fn func(ctx context.Context, asOf time.Time) (int, error)) func(context.Context, time.Time) error {
	return func(ctx context.Context, asOf time.Time) error {
		n, err := fn(ctx, asOf)
		log.Info(what, "count", n)
		return err
	}
}

// previousMonth is the billing period a run on asOf closes.
func previousMonth(asOf time.Time) time.Time {
	first := time.Date(asOf.Year(), asOf.Month(), 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, -1, 0)
}

// Definitions returns the cooperative's scheduled jobs.
func Definitions(log *slog.Logger, season int, st StorageJobs, se SettlementJobs, df DeferredJobs) []Job {
	return []Job{
		{
			Name:     "storage-accrual",
			Schedule: "15 2 1 * *",
			Run: counted(log, "storage fees accrued", func(ctx context.Context, asOf time.Time) (int, error) {
				return st.Accrue(ctx, previousMonth(asOf))
			}),
		},
		{
			Name:     "storage-invoices",
			Schedule: "0 6 2 * *",
			Run: counted(log, "storage invoices sent", func(ctx context.Context, asOf time.Time) (int, error) {
				return st.Invoice(ctx, previousMonth(asOf))
			}),
		},
		{
			Name:     "settlement-build",
			Schedule: "0 3 * 9 1",
			Run: counted(log, "settlements built", func(ctx context.Context, _ time.Time) (int, error) {
				return se.BuildSeason(ctx, season)
			}),
		},
		{
			Name:     "settlement-finalize",
			Schedule: "0 4 * 9 3",
			Run: counted(log, "settlements finalized", func(ctx context.Context, _ time.Time) (int, error) {
				return se.FinalizeSeason(ctx, season)
			}),
		},
		{
			Name:     "payout-dispatch",
			Schedule: "*/10 6-18 * * 1-5",
			Run: counted(log, "payouts sent", func(ctx context.Context, _ time.Time) (int, error) {
				return se.DispatchPending(ctx, 50)
			}),
		},
		{
			Name:     "deferred-payments",
			Schedule: "30 7 * * 1-5",
			Run:      counted(log, "deferred payments sent", df.PayDue),
		},
	}
}
