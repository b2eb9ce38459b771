package workflow

import (
	"context"
	"errors"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/shedshare/toolsd/internal/service"
)

// Gateway implements service.LoanWorkflows on a Temporal client.
type Gateway struct {
	client    client.Client
	taskQueue string
}

var _ service.LoanWorkflows = (*Gateway)(nil)

func NewGateway(c client.Client) *Gateway { return &Gateway{client: c, taskQueue: TaskQueue} }

// StartBorrow starts the borrow-return workflow under workflowID. A
// workflow that is already running (or finished) under that ID is left as
// it is.
func (g *Gateway) StartBorrow(ctx context.Context, workflowID string, in service.BorrowInput) error {
	_, err := g.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       workflowID,
		TaskQueue:                                g.taskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, BorrowReturnWorkflow, in)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	return err
}

// Signal sends a signal to the current run of workflowID.
func (g *Gateway) Signal(ctx context.Context, workflowID, name string, payload any) error {
	return g.client.SignalWorkflow(ctx, workflowID, "", name, payload)
}
