package fulfilment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/crumbworks/ovenline/internal/config"
)

// Starter starts and signals fulfilment workflows.
type Starter struct {
	c         client.Client
	taskQueue string
}

// NewStarter builds a Starter.
func NewStarter(c client.Client, cfg config.Config) *Starter {
	tq := cfg.TaskQueue
	if tq == "" {
		tq = TaskQueue
	}
	return &Starter{c: c, taskQueue: tq}
}

// StartFulfilment starts the order's workflow. Starting an order whose
// workflow already exists is not an error.
func (s *Starter) StartFulfilment(ctx context.Context, orderID uuid.UUID, deliveryDate time.Time) error {
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       WorkflowID(orderID),
		TaskQueue:                                s.taskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
		WorkflowExecutionTimeout:                 21 * 24 * time.Hour,
	}, OrderFulfilment, Input{OrderID: orderID, DeliveryDate: deliveryDate})

	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("fulfilment: start %s: %w", orderID, err)
	}
	return nil
}

// SignalDelivered tells the order's workflow its goods were delivered.
func (s *Starter) SignalDelivered(ctx context.Context, orderID uuid.UUID, at time.Time) error {
	return s.signal(ctx, orderID, SignalDelivered, DeliveredSignal{At: at})
}

// SignalCancelled tells the order's workflow the order was cancelled.
func (s *Starter) SignalCancelled(ctx context.Context, orderID uuid.UUID) error {
	return s.signal(ctx, orderID, SignalCancelled, nil)
}

func (s *Starter) signal(ctx context.Context, orderID uuid.UUID, name string, arg any) error {
	err := s.c.SignalWorkflow(ctx, WorkflowID(orderID), "", name, arg)
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("fulfilment: signal %s to %s: %w", name, orderID, err)
	}
	return nil
}
