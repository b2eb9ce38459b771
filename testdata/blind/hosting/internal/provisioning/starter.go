// Package provisioning runs server provisioning and cancellation as Temporal
// workflows.
package provisioning

import (
	"context"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/nimbusrack/hosting/internal/servers"
)

// Starter starts workflows; it implements servers.Workflows.
type Starter struct {
	client    client.Client
	taskQueue string
}

// NewStarter returns a Starter for taskQueue.
func NewStarter(c client.Client, taskQueue string) *Starter {
	return &Starter{client: c, taskQueue: taskQueue}
}

var _ servers.Workflows = (*Starter)(nil)

func (s *Starter) options(id string) client.StartWorkflowOptions {
	return client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                s.taskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}
}

// StartProvisioning starts (or joins) the provisioning workflow of an order.
func (s *Starter) StartProvisioning(ctx context.Context, req servers.ProvisionRequest) error {
	_, err := s.client.ExecuteWorkflow(ctx, s.options(req.WorkflowID), ProvisionServerWorkflow, ProvisionInput{
		OrderID:    req.OrderID,
		ServerID:   req.ServerID,
		CustomerID: req.CustomerID,
	})
	return ignoreAlreadyStarted(err)
}

// StartCancellation starts (or joins) the cancellation workflow of a server.
func (s *Starter) StartCancellation(ctx context.Context, req servers.CancelRequest) error {
	_, err := s.client.ExecuteWorkflow(ctx, s.options(req.WorkflowID), CancelServerWorkflow, CancelInput{
		ServerID:     req.ServerID,
		CustomerID:   req.CustomerID,
		RefundToCard: req.RefundToCard,
	})
	return ignoreAlreadyStarted(err)
}
