package permits

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// WorkflowInput starts a PermitWorkflow.
type WorkflowInput struct {
	PermitID  uuid.UUID
	ProjectID uuid.UUID
}

// SubmitResult is returned by SubmitPermitApplication.
type SubmitResult struct {
	PermitNumber string
}

// DecisionResult is returned by AwaitPermitDecision.
type DecisionResult struct {
	Approved bool
	Comments string
}

// PermitWorkflow submits the application, waits for plan review, and books
// the final inspection once approved.
func PermitWorkflow(ctx workflow.Context, in WorkflowInput) error {
	var a *Activities
	logger := workflow.GetLogger(ctx)

	submitCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    15 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    30 * time.Minute,
		},
	})
	var sub SubmitResult
	if err := workflow.ExecuteActivity(submitCtx, a.SubmitPermitApplication, in).Get(ctx, &sub); err != nil {
		return err
	}
	logger.Info("permit submitted", "permit_number", sub.PermitNumber)

	// Plan review takes days to weeks; the activity fails with ErrNotReady
	// until the portal has a decision and the retry policy paces the polling.
	reviewCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout:    time.Minute,
		ScheduleToCloseTimeout: 90 * 24 * time.Hour,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    4 * time.Hour,
			BackoffCoefficient: 1,
			MaximumInterval:    4 * time.Hour,
		},
	})
	var dec DecisionResult
	if err := workflow.ExecuteActivity(reviewCtx, a.AwaitPermitDecision, in).Get(ctx, &dec); err != nil {
		return err
	}
	if !dec.Approved {
		logger.Info("permit rejected", "comments", dec.Comments)
		return nil
	}

	inspectCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Minute,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Hour,
		},
	})
	return workflow.ExecuteActivity(inspectCtx, a.ScheduleInspection, in).Get(ctx, nil)
}
