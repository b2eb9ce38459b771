package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

type activityDef struct {
	name string
	fn   any
}

func (a *Activities) definitions() []activityDef {
	return []activityDef{
		{ActLoadTrip, a.LoadTrip},
		{ActRecordClaim, a.RecordClaim},
		{ActSubmitClaim, a.SubmitClaim},
		{ActPostLedger, a.PostLedgerEntries},
		{ActChargePatientResp, a.ChargePatientResponsibility},
		{ActMarkBilled, a.MarkTripBilled},
		{ActPublishBilled, a.PublishTripBilled},
	}
}

// Register registers the billing workflow and its activities on a worker.
func Register(r worker.Registry, a *Activities) {
	r.RegisterWorkflowWithOptions(TripBillingWorkflow, workflow.RegisterOptions{Name: WorkflowName})
	for _, d := range a.definitions() {
		r.RegisterActivityWithOptions(d.fn, activity.RegisterOptions{Name: d.name})
	}
}

// Starter starts billing workflows from the API.
type Starter struct {
	Client    client.Client
	TaskQueue string
}

// Rebill restarts billing for a trip whose previous billing run failed.
// Repeated calls attach to the same run.
func (s *Starter) Rebill(ctx context.Context, tripID uuid.UUID) (string, error) {
	opts := client.StartWorkflowOptions{
		ID:                       "trip-rebill-" + tripID.String(),
		TaskQueue:                s.TaskQueue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
	}
	run, err := s.Client.ExecuteWorkflow(ctx, opts, WorkflowName, TripBillingInput{TripID: tripID})
	if temporal.IsWorkflowExecutionAlreadyStartedError(err) {
		return opts.ID, nil
	}
	if err != nil {
		return "", fmt.Errorf("start rebill: %w", err)
	}
	return run.GetID(), nil
}
