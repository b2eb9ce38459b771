package settlement

import (
	"context"
	"fmt"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
)

// Gateway is the API side of the workflows: it starts the close process
// for a lot and delivers signals. It satisfies lots.Scheduler,
// bidding.Extender and orders.SettlementSignaler.
type Gateway struct {
	c         client.Client
	taskQueue string
}

// NewGateway returns a Gateway.
func NewGateway(c client.Client, taskQueue string) *Gateway {
	return &Gateway{c: c, taskQueue: taskQueue}
}

// ScheduleClose starts the lot's AuctionCloseWorkflow. The workflow ID is
// derived from the lot, so a repeated call finds the running workflow.
func (g *Gateway) ScheduleClose(ctx context.Context, lotID string, endsAt time.Time) error {
	_, err := g.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       AuctionWorkflowID(lotID),
		TaskQueue:                                g.taskQueue,
		WorkflowIDReusePolicy:                    enums.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, AuctionCloseWorkflow, AuctionInput{LotID: lotID, EndsAt: endsAt})
	if err != nil && !temporal.IsWorkflowExecutionAlreadyStartedError(err) {
		return fmt.Errorf("start auction workflow: %w", err)
	}
	return nil
}

// ExtendClose pushes the close time back.
func (g *Gateway) ExtendClose(ctx context.Context, lotID string, endsAt time.Time) error {
	return g.c.SignalWorkflow(ctx, AuctionWorkflowID(lotID), "", SignalExtend, endsAt)
}

// CancelClose stops a lot's close workflow.
func (g *Gateway) CancelClose(ctx context.Context, lotID, reason string) error {
	return g.c.SignalWorkflow(ctx, AuctionWorkflowID(lotID), "", SignalCancel, reason)
}

// SignalPaid tells the settlement that payment succeeded.
func (g *Gateway) SignalPaid(ctx context.Context, orderID, paymentIntentID string) error {
	return g.c.SignalWorkflow(ctx, SettlementWorkflowID(orderID), "", SignalPaid, paymentIntentID)
}

// SignalDelivered tells the settlement the buyer has the item.
func (g *Gateway) SignalDelivered(ctx context.Context, orderID string) error {
	return g.c.SignalWorkflow(ctx, SettlementWorkflowID(orderID), "", SignalDelivered, orderID)
}
