package estimates

import (
	"context"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// NewWorker registers the workflow and activities on a worker for the task
// queue.
func NewWorker(c client.Client, taskQueue string, acts *Activities) worker.Worker {
	w := worker.New(c, taskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflowWithOptions(EstimateReadingWorkflow, workflow.RegisterOptions{Name: "EstimateReadingWorkflow"})
	w.RegisterActivity(acts)
	return w
}

// Start starts the estimate workflow for one register and period. The
// workflow ID is derived from the input, so asking twice attaches to the
// same execution instead of starting a second one.
func Start(ctx context.Context, c client.Client, taskQueue string, in Input) (client.WorkflowRun, error) {
	return c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       WorkflowID(in),
		TaskQueue:                taskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, EstimateReadingWorkflow, in)
}
