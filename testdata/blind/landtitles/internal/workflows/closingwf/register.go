package closingwf

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Register adds the closing workflows and activities to a worker.
func Register(w worker.Registry, a *Activities) {
	w.RegisterWorkflowWithOptions(FundingWorkflow, workflow.RegisterOptions{Name: FundingWorkflowName})
	w.RegisterWorkflowWithOptions(RecordingWorkflow, workflow.RegisterOptions{Name: RecordingWorkflowName})

	for _, reg := range []struct {
		name string
		fn   any
	}{
		{ActReserveDisbursements, a.ReserveDisbursements},
		{ActSendLenderPayoff, a.SendLenderPayoff},
		{ActSendSellerProceeds, a.SendSellerProceeds},
		{ActMarkFunded, a.MarkFunded},
		{ActRecordClosingStatement, a.RecordClosingStatement},
		{ActSubmitRecording, a.SubmitRecording},
	} {
		w.RegisterActivityWithOptions(reg.fn, activity.RegisterOptions{Name: reg.name})
	}
}
