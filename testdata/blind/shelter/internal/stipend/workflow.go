// Package stipend runs the monthly foster-carer stipend as a Temporal
// workflow: open the run, compute each carer's stipend, pay them one by one,
// close the run.
package stipend

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const WorkflowName = "MonthlyStipend"

// WorkflowID is the Temporal workflow ID for a period. Starting the same
// period twice is rejected by the server.
func WorkflowID(period string) string { return "foster-stipends-" + period }

type RunInput struct {
	// Period is "YYYY-MM". Empty means the month before the workflow
	// started.
	Period string
}

type RunResult struct {
	RunID  string
	Paid   int
	Failed []string
}

// MonthlyStipendWorkflow is deterministic: time comes from workflow.Now and
// every side effect happens in an activity.
func MonthlyStipendWorkflow(ctx workflow.Context, in RunInput) (RunResult, error) {
	period := in.Period
	if period == "" {
		period = workflow.Now(ctx).AddDate(0, -1, 0).Format("2006-01")
	}
	if _, err := time.Parse("2006-01", period); err != nil {
		return RunResult{}, temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("bad period %q", period), "BadPeriod", err)
	}

	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		HeartbeatTimeout:    30 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    10,
		},
	})

	var a *Activities // method expressions only; the worker supplies the instance
	var res RunResult
	if err := workflow.ExecuteActivity(ctx, a.OpenRun, period).Get(ctx, &res.RunID); err != nil {
		return res, err
	}

	var pending []string
	if err := workflow.ExecuteActivity(ctx, a.GenerateStipends, res.RunID, period).Get(ctx, &pending); err != nil {
		return res, err
	}

	// Pay in small parallel batches to stay under Payrail's rate limit.
	const batch = 5
	for start := 0; start < len(pending); start += batch {
		end := min(start+batch, len(pending))
		futures := make([]workflow.Future, 0, end-start)
		for _, id := range pending[start:end] {
			futures = append(futures, workflow.ExecuteActivity(ctx, a.PayStipend, id))
		}
		for i, f := range futures {
			if err := f.Get(ctx, nil); err != nil {
				workflow.GetLogger(ctx).Error("stipend payout failed", "stipend_id", pending[start+i], "error", err)
				res.Failed = append(res.Failed, pending[start+i])
				continue
			}
			res.Paid++
		}
	}

	if err := workflow.ExecuteActivity(ctx, a.CloseRun, res.RunID).Get(ctx, nil); err != nil {
		return res, err
	}
	return res, nil
}
