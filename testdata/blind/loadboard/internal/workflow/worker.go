package workflow

import (
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// NewWorker builds the tender worker with the workflow and activities
// registered.
func NewWorker(c client.Client, acts *Activities) worker.Worker {
	w := worker.New(c, TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 50,
	})
	w.RegisterWorkflow(TenderWorkflow)
	w.RegisterActivity(acts)
	return w
}
