package provisioning

import (
	"errors"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// ProvisionInput identifies the order being provisioned.
type ProvisionInput struct {
	OrderID    uuid.UUID
	ServerID   uuid.UUID
	CustomerID uuid.UUID
}

// CancelInput identifies the server being cancelled.
type CancelInput struct {
	ServerID     uuid.UUID
	CustomerID   uuid.UUID
	RefundToCard bool
}

// Addresses are the IPs the datacenter assigned.
type Addresses struct {
	IPv4 []string
	IPv6 []string
}

func ignoreAlreadyStarted(err error) error {
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return nil
	}
	return err
}

var defaultRetry = &temporal.RetryPolicy{
	InitialInterval:    2 * time.Second,
	BackoffCoefficient: 2,
	MaximumInterval:    2 * time.Minute,
	MaximumAttempts:    12,
}

// ProvisionServerWorkflow orders the machine and its boot disk, waits for it
// to boot, records its addresses and activates it.
func ProvisionServerWorkflow(ctx workflow.Context, in ProvisionInput) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         defaultRetry,
	})

	if err := workflow.ExecuteActivity(ctx, a.CreateServer, in).Get(ctx, nil); err != nil {
		_ = workflow.ExecuteActivity(ctx, a.FailOrder, in).Get(ctx, nil)
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.CreateBootVolume, in).Get(ctx, nil); err != nil {
		return err
	}

	waitCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 20 * time.Minute,
		HeartbeatTimeout:    30 * time.Second,
		RetryPolicy:         defaultRetry,
	})
	var addrs Addresses
	if err := workflow.ExecuteActivity(waitCtx, a.AwaitServerRunning, in).Get(ctx, &addrs); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordServerAddresses, in, addrs).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, a.ActivateServer, in).Get(ctx, nil)
}

// CancelServerWorkflow destroys the machine, closes billing for it and, when
// asked, refunds the remaining balance to the card.
func CancelServerWorkflow(ctx workflow.Context, in CancelInput) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy:         defaultRetry,
	})

	if err := workflow.ExecuteActivity(ctx, a.DestroyServer, in).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.FinalizeCancellation, in).Get(ctx, nil); err != nil {
		return err
	}
	if !in.RefundToCard {
		return nil
	}
	return workflow.ExecuteActivity(ctx, a.RefundCreditBalance, in).Get(ctx, nil)
}
