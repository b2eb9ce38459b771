package workflows

import (
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// NewWorker builds the notice worker with the lifecycle workflow and every
// activity registered.
func NewWorker(c client.Client, acts *Activities) worker.Worker {
	w := worker.New(c, TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 32,
	})
	w.RegisterWorkflowWithOptions(NoticeLifecycle, workflow.RegisterOptions{Name: "NoticeLifecycle"})
	acts.RegisterOn(w)
	return w
}
