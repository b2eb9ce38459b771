package interconnect

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// SignalPTOGranted is sent when the utility grants permission to operate.
const SignalPTOGranted = "pto-granted"

// WorkflowInput starts an InterconnectionWorkflow.
type WorkflowInput struct {
	ProjectID uuid.UUID
}

// SubmitOutput is returned by SubmitInterconnection.
type SubmitOutput struct {
	ApplicationRef string
}

// RecordInput is passed to RecordInterconnectionSubmission.
type RecordInput struct {
	ProjectID      uuid.UUID
	ApplicationRef string
}

// InterconnectionWorkflow files the application, requests the meter
// exchange and waits for PTO.
func InterconnectionWorkflow(ctx workflow.Context, in WorkflowInput) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 90 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    30 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Hour,
			MaximumAttempts:    20,
		},
	})

	var sub SubmitOutput
	if err := workflow.ExecuteActivity(ctx, a.SubmitInterconnection, in).Get(ctx, &sub); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordInterconnectionSubmission,
		RecordInput{ProjectID: in.ProjectID, ApplicationRef: sub.ApplicationRef}).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.RequestMeterSwap,
		RecordInput{ProjectID: in.ProjectID, ApplicationRef: sub.ApplicationRef}).Get(ctx, nil); err != nil {
		return err
	}

	var grantedAt time.Time
	timedOut := false
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(workflow.GetSignalChannel(ctx, SignalPTOGranted), func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, &grantedAt)
	})
	sel.AddFuture(workflow.NewTimer(ctx, 180*24*time.Hour), func(workflow.Future) {
		timedOut = true
	})
	sel.Select(ctx)
	if timedOut {
		workflow.GetLogger(ctx).Warn("no PTO after 180 days", "project_id", in.ProjectID)
		return nil
	}
	workflow.GetLogger(ctx).Info("PTO granted", "project_id", in.ProjectID, "granted_at", grantedAt)
	return nil
}
