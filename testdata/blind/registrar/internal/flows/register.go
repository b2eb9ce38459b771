package flows

import (
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Register adds the workflows and activities to a worker.
func Register(w worker.Registry, acts *Activities) {
	w.RegisterWorkflowWithOptions(RegistrationWorkflow, workflow.RegisterOptions{Name: RegistrationWorkflowName})
	w.RegisterWorkflowWithOptions(TransferWorkflow, workflow.RegisterOptions{Name: TransferWorkflowName})
	w.RegisterWorkflowWithOptions(RenewalWorkflow, workflow.RegisterOptions{Name: RenewalWorkflowName})
	w.RegisterActivity(acts)
}
