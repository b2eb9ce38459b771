// Package payoutflow runs the weekly driver payout as a Temporal workflow:
// snapshot balances into a batch, submit one payment per driver, settle the
// ledger, tell drivers, close the batch.
package payoutflow

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// TaskQueue is the queue the payout worker polls.
const TaskQueue = "driver-payouts"

// WorkflowName is the registered name of WeeklyPayout.
const WorkflowName = "WeeklyPayout"

// WorkflowID returns the id of the payout run for the week starting at
// periodStart. Starting the workflow twice for the same week is rejected by
// Temporal.
func WorkflowID(periodStart time.Time) string {
	y, w := periodStart.ISOWeek()
	return fmt.Sprintf("weekly-payout-%d-W%02d", y, w)
}

// Input is the workflow input.
type Input struct {
	PeriodStart time.Time
	PeriodEnd   time.Time
}

// Result summarises a run.
type Result struct {
	BatchID   uuid.UUID
	Submitted int
	Failed    int
	Settled   int
}

// WeeklyPayout is the workflow definition.
func WeeklyPayout(ctx workflow.Context, in Input) (Result, error) {
	log := workflow.GetLogger(ctx)
	var a *Activities

	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    12,
		},
	})

	var snap SnapshotResult
	if err := workflow.ExecuteActivity(ctx, a.SnapshotBalances, SnapshotInput{
		PeriodStart: in.PeriodStart,
		PeriodEnd:   in.PeriodEnd,
	}).Get(ctx, &snap); err != nil {
		return Result{}, fmt.Errorf("snapshot balances: %w", err)
	}
	res := Result{BatchID: snap.BatchID}
	log.Info("payout batch snapshotted", "batch_id", snap.BatchID, "lines", len(snap.LineIDs))

	futures := make([]workflow.Future, len(snap.LineIDs))
	for i, lineID := range snap.LineIDs {
		futures[i] = workflow.ExecuteActivity(ctx, a.SubmitPayout, SubmitInput{LineID: lineID})
	}
	var submitted []uuid.UUID
	for i, f := range futures {
		var out SubmitResult
		if err := f.Get(ctx, &out); err != nil {
			log.Error("payout submission failed", "line_id", snap.LineIDs[i], "error", err)
			res.Failed++
			continue
		}
		if out.Submitted {
			submitted = append(submitted, snap.LineIDs[i])
		}
	}
	res.Submitted = len(submitted)

	settleCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 15 * time.Minute,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 20},
	})
	if err := workflow.ExecuteActivity(settleCtx, a.SettleLedger, SettleInput{BatchID: snap.BatchID}).Get(ctx, &res.Settled); err != nil {
		return res, fmt.Errorf("settle ledger: %w", err)
	}

	notifyCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3},
	})
	for _, lineID := range submitted {
		if err := workflow.ExecuteActivity(notifyCtx, a.NotifyDriver, NotifyInput{LineID: lineID}).Get(ctx, nil); err != nil {
			log.Warn("payout notification failed", "line_id", lineID, "error", err)
		}
	}

	if err := workflow.ExecuteActivity(ctx, a.CloseBatch, CloseInput{BatchID: snap.BatchID, Submitted: res.Submitted, Failed: res.Failed}).Get(ctx, nil); err != nil {
		return res, fmt.Errorf("close batch: %w", err)
	}
	return res, nil
}
