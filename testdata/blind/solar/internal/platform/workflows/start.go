// Package workflows holds helpers shared by the Temporal-backed processes.
package workflows

import (
	"context"
	"errors"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
)

// Starter starts workflow executions.
type Starter interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow interface{}, args ...interface{}) (client.WorkflowRun, error)
}

// Signaler signals running workflows.
type Signaler interface {
	SignalWorkflow(ctx context.Context, workflowID string, runID string, signalName string, arg interface{}) error
}

// StartOnce starts wf under a business workflow ID. A running execution with
// the same ID is joined; a completed one is reported as already done.
func StartOnce(ctx context.Context, c Starter, id, taskQueue string, wf any, args ...any) (string, error) {
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                    id,
		TaskQueue:             taskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
	}, wf, args...)
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return already.RunId, nil
	}
	if err != nil {
		return "", err
	}
	return run.GetRunID(), nil
}
