package recording

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const (
	TaskQueue    = "county-recording"
	WorkflowName = "RecordDocument"
)

// Input identifies the document to record.
type Input struct {
	RecordingID string
	DocumentID  string
	CountyFIPS  string
}

type Result struct {
	InstrumentNumber string
	RecordedAt       time.Time
}

// RecordDocumentWorkflow submits a sealed document to the county, pays the
// recording fees, waits for the county to record it, and finalises.
func RecordDocumentWorkflow(ctx workflow.Context, in Input) (Result, error) {
	log := workflow.GetLogger(ctx)
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 3 * time.Minute,
		HeartbeatTimeout:    45 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        15 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			MaximumAttempts:        12,
			NonRetryableErrorTypes: []string{errRejected},
		},
	})
	var a *Activities

	var sub SubmitResult
	if err := workflow.ExecuteActivity(ctx, a.SubmitToRecorder, in).Get(ctx, &sub); err != nil {
		return Result{}, fmt.Errorf("submit: %w", err)
	}
	if err := workflow.ExecuteActivity(ctx, a.PayRecordingFee, in, sub).Get(ctx, nil); err != nil {
		return Result{}, fmt.Errorf("pay fee: %w", err)
	}

	var st StatusResult
	for {
		if err := workflow.ExecuteActivity(ctx, a.CheckRecordingStatus, sub.SubmissionID).Get(ctx, &st); err != nil {
			return Result{}, err
		}
		if st.Done {
			break
		}
		log.Info("county has not recorded yet", "submission", sub.SubmissionID, "state", st.State)
		if err := workflow.Sleep(ctx, 30*time.Minute); err != nil {
			return Result{}, err
		}
	}
	if st.Rejected {
		return Result{}, temporal.NewNonRetryableApplicationError("county rejected document: "+st.Reason, errRejected, nil)
	}

	if err := workflow.ExecuteActivity(ctx, a.MarkRecorded, in, st).Get(ctx, nil); err != nil {
		return Result{}, err
	}
	if err := workflow.ExecuteActivity(ctx, a.PublishRecorded, in, st).Get(ctx, nil); err != nil {
		return Result{}, err
	}
	return Result{InstrumentNumber: st.InstrumentNumber, RecordedAt: st.RecordedAt}, nil
}
