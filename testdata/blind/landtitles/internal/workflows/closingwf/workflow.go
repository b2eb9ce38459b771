// Package closingwf holds the Temporal workflows and activities for
// closings.
package closingwf

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/cobaltmesa/titleworks/internal/domain"
)

// Workflow and activity names. Workflows are started by name from the
// API so the API binary does not link the activity implementations.
const (
	FundingWorkflowName   = "ClosingFunding"
	RecordingWorkflowName = "ClosingRecording"

	ActReserveDisbursements   = "ReserveDisbursements"
	ActSendLenderPayoff       = "SendLenderPayoff"
	ActSendSellerProceeds     = "SendSellerProceeds"
	ActMarkFunded             = "MarkFunded"
	ActRecordClosingStatement = "RecordClosingStatement"
	ActSubmitRecording        = "SubmitRecording"
)

// FundingInput starts the funding workflow.
type FundingInput struct {
	ClosingID string
}

// RecordingInput starts the recording workflow.
type RecordingInput struct {
	ClosingID string
}

// PlannedDisbursement is what ReserveDisbursements hands back.
type PlannedDisbursement struct {
	ID        string
	PayeeRole string
	Amount    int64
}

func activityOptions() workflow.ActivityOptions {
	return workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        5 * time.Minute,
			MaximumAttempts:        25,
			NonRetryableErrorTypes: []string{errWireRejected, errNoInstructions},
		},
	}
}

// FundingWorkflow reserves the disbursements, sends every wire, marks the
// closing funded and records the settlement statement.
func FundingWorkflow(ctx workflow.Context, in FundingInput) error {
	ctx = workflow.WithActivityOptions(ctx, activityOptions())
	log := workflow.GetLogger(ctx)

	var plan []PlannedDisbursement
	if err := workflow.ExecuteActivity(ctx, ActReserveDisbursements, in.ClosingID).Get(ctx, &plan); err != nil {
		return err
	}

	// Payoffs and proceeds go out in parallel; the bank cuts off Fedwire
	// origination at 17:00 Eastern and we want both in the same cycle.
	futures := make([]workflow.Future, 0, len(plan))
	for _, d := range plan {
		act := ActSendSellerProceeds
		if d.PayeeRole == domain.PayeeLender {
			act = ActSendLenderPayoff
		}
		futures = append(futures, workflow.ExecuteActivity(ctx, act, d.ID))
	}
	for i, f := range futures {
		var transferID string
		if err := f.Get(ctx, &transferID); err != nil {
			log.Error("wire failed", "disbursement", plan[i].ID, "role", plan[i].PayeeRole, "error", err)
			return err
		}
	}

	if err := workflow.ExecuteActivity(ctx, ActMarkFunded, in.ClosingID).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, ActRecordClosingStatement, in.ClosingID).Get(ctx, nil)
}

// RecordingWorkflow submits the closing's documents to the county. The
// county's answer arrives later on the recorder stream.
func RecordingWorkflow(ctx workflow.Context, in RecordingInput) error {
	ctx = workflow.WithActivityOptions(ctx, activityOptions())
	var submissionID string
	return workflow.ExecuteActivity(ctx, ActSubmitRecording, in.ClosingID).Get(ctx, &submissionID)
}
