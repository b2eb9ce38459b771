package workflow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	sdkworkflow "go.temporal.io/sdk/workflow"

	"github.com/medbridge-health/clearinghouse/internal/service"
)

// NewWorker registers the workflow and every activity definition.
func NewWorker(c client.Client, taskQueue string, acts *Activities) worker.Worker {
	w := worker.New(c, taskQueue, worker.Options{MaxConcurrentActivityExecutionSize: 50})
	w.RegisterWorkflowWithOptions(ClaimSubmissionWorkflow, sdkworkflow.RegisterOptions{Name: WorkflowName})
	for _, d := range acts.Definitions() {
		w.RegisterActivityWithOptions(d.Fn, activity.RegisterOptions{Name: d.Name})
	}
	return w
}

// Starter starts submission workflows.
type Starter struct {
	client    client.Client
	taskQueue string
	log       *slog.Logger
}

// NewStarter builds a Starter.
func NewStarter(c client.Client, taskQueue string, log *slog.Logger) *Starter {
	return &Starter{client: c, taskQueue: taskQueue, log: log}
}

// StartSubmission starts the workflow under workflowID. A workflow already
// running under that id is treated as started.
func (s *Starter) StartSubmission(ctx context.Context, workflowID string, req service.SubmissionRequest) error {
	run, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       workflowID,
		TaskQueue:                                s.taskQueue,
		WorkflowIDReusePolicy:                    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, WorkflowName, req)
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		s.log.Debug("submission workflow already started", "workflow_id", workflowID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("start workflow %s: %w", workflowID, err)
	}
	s.log.Info("submission workflow started", "workflow_id", run.GetID(), "run_id", run.GetRunID())
	return nil
}
