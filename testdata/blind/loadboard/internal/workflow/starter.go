package workflow

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/xid"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/haulgrid/loadboard/internal/domain"
)

// Starter starts and steers tender workflows from the API side.
type Starter struct {
	client    client.Client
	taskQueue string
}

func NewStarter(c client.Client) *Starter {
	return &Starter{client: c, taskQueue: TaskQueue}
}

// StartTender starts a tender workflow for the plan and returns its ID.
// Each award gets its own execution so a load re-awarded after a failed
// round starts from a clean history.
func (s *Starter) StartTender(ctx context.Context, plan domain.TenderPlan) (string, error) {
	opts := client.StartWorkflowOptions{
		ID:                       fmt.Sprintf("tender-%s-%s", plan.LoadID, xid.New().String()),
		TaskQueue:                s.taskQueue,
		WorkflowExecutionTimeout: 7 * 24 * time.Hour,
		Memo:                     map[string]any{"load_id": plan.LoadID, "awarded_by": plan.AwardedBy},
	}
	run, err := s.client.ExecuteWorkflow(ctx, opts, TenderWorkflow, plan)
	if err != nil {
		return "", err
	}
	return run.GetID(), nil
}

// Signal delivers a carrier response. Responses for workflows that have
// already finished are dropped.
func (s *Starter) Signal(ctx context.Context, workflowID string, resp domain.TenderResponse) error {
	err := s.client.SignalWorkflow(ctx, workflowID, "", SignalTenderResponse, resp)
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return nil
	}
	return err
}

// Cancel requests cancellation of a tender workflow.
func (s *Starter) Cancel(ctx context.Context, workflowID, reason string) error {
	err := s.client.CancelWorkflow(ctx, workflowID, "")
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return nil
	}
	return err
}
