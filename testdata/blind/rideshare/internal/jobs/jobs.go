package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/payoutflow"
)

// CaptureRetrier is implemented by *fares.Service.
type CaptureRetrier interface {
	RetryFailedCaptures(ctx context.Context, runID string, limit int32) (int, error)
}

// RetryCaptures re-attempts fare captures that were soft-declined.
type RetryCaptures struct {
	Fares CaptureRetrier
	Limit int32
	Log   *slog.Logger
}

func (j *RetryCaptures) Name() string { return "retry-captures" }

func (j *RetryCaptures) Run(ctx context.Context) error {
	runID := ids.NewRequestID()
	n, err := j.Fares.RetryFailedCaptures(ctx, runID, j.Limit)
	j.Log.InfoContext(ctx, "capture retry run", "run_id", runID, "captured", n)
	return err
}

// EarningsReports is implemented by *earnings.Service.
type EarningsReports interface {
	SendWeeklySummaries(ctx context.Context, now time.Time) (int, error)
	GenerateStatements(ctx context.Context, now time.Time) (int, error)
	CloseDay(ctx context.Context, day time.Time) (int, error)
}

// WeeklySummaries pushes every driver last week's earnings.
type WeeklySummaries struct {
	Earnings EarningsReports
	Now      func() time.Time
	Log      *slog.Logger
}

func (j *WeeklySummaries) Name() string { return "weekly-summaries" }

func (j *WeeklySummaries) Run(ctx context.Context) error {
	n, err := j.Earnings.SendWeeklySummaries(ctx, j.Now())
	j.Log.InfoContext(ctx, "weekly summaries sent", "count", n)
	return err
}

// MonthlyStatements writes last month's driver statements.
type MonthlyStatements struct {
	Earnings EarningsReports
	Now      func() time.Time
	Log      *slog.Logger
}

func (j *MonthlyStatements) Name() string { return "monthly-statements" }

func (j *MonthlyStatements) Run(ctx context.Context) error {
	n, err := j.Earnings.GenerateStatements(ctx, j.Now())
	j.Log.InfoContext(ctx, "statements generated", "created", n)
	return err
}

// DailyClose freezes yesterday's earnings per driver.
type DailyClose struct {
	Earnings EarningsReports
	Now      func() time.Time
	Log      *slog.Logger
}

func (j *DailyClose) Name() string { return "daily-close" }

func (j *DailyClose) Run(ctx context.Context) error {
	day := j.Now().UTC().AddDate(0, 0, -1)
	n, err := j.Earnings.CloseDay(ctx, day)
	j.Log.InfoContext(ctx, "day closed", "day", day.Format(time.DateOnly), "drivers", n)
	return err
}

// PayoutReconciler is implemented by *payouts.Service.
type PayoutReconciler interface {
	ReconcileStale(ctx context.Context, olderThan time.Duration, limit int32) (int, error)
}

// ReconcilePayouts polls the provider for payouts stuck without a webhook.
type ReconcilePayouts struct {
	Payouts   PayoutReconciler
	OlderThan time.Duration
	Limit     int32
	Log       *slog.Logger
}

func (j *ReconcilePayouts) Name() string { return "reconcile-payouts" }

func (j *ReconcilePayouts) Run(ctx context.Context) error {
	n, err := j.Payouts.ReconcileStale(ctx, j.OlderThan, j.Limit)
	j.Log.InfoContext(ctx, "payouts reconciled", "updated", n)
	return err
}

// StartWeeklyPayout starts the Temporal payout workflow for last week.
type StartWeeklyPayout struct {
	Temporal client.Client
	Now      func() time.Time
	Log      *slog.Logger
}

func (j *StartWeeklyPayout) Name() string { return "start-weekly-payout" }

func (j *StartWeeklyPayout) Run(ctx context.Context) error {
	now := j.Now().UTC()
	offset := (int(now.Weekday()) + 6) % 7
	end := time.Date(now.Year(), now.Month(), now.Day()-offset, 0, 0, 0, 0, time.UTC)
	start := end.AddDate(0, 0, -7)

	opts := client.StartWorkflowOptions{
		ID:                    payoutflow.WorkflowID(start),
		TaskQueue:             payoutflow.TaskQueue,
		WorkflowIDReusePolicy: enums.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowRunTimeout:    24 * time.Hour,
	}
	run, err := j.Temporal.ExecuteWorkflow(ctx, opts, payoutflow.WorkflowName, payoutflow.Input{PeriodStart: start, PeriodEnd: end})
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		j.Log.InfoContext(ctx, "weekly payout already started", "workflow_id", opts.ID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("start weekly payout %s: %w", opts.ID, err)
	}
	j.Log.InfoContext(ctx, "weekly payout started", "workflow_id", run.GetID(), "run_id", run.GetRunID())
	return nil
}
