package main

import (
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/stipend"
)

func provideWorker(c client.Client, cfg config.Config, acts *stipend.Activities) worker.Worker {
	w := worker.New(c, cfg.StipendTaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 10,
		WorkerStopTimeout:                  30 * time.Second,
	})
	w.RegisterWorkflowWithOptions(stipend.MonthlyStipendWorkflow, workflow.RegisterOptions{Name: stipend.WorkflowName})
	w.RegisterActivity(acts)
	return w
}
