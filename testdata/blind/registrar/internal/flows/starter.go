// Package flows holds the Temporal workflows, their activities and the
// starter the other binaries use to launch them.
package flows

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/tldhouse/registrar/internal/config"
)

const (
	RegistrationWorkflowName = "registration"
	TransferWorkflowName     = "transfer"
	RenewalWorkflowName      = "renewal"

	SignalRegistryOutcome = "registry-outcome"
)

// RegistrationWorkflowID is the workflow id of an order's registration.
func RegistrationWorkflowID(orderID uuid.UUID) string { return "register-" + orderID.String() }

// TransferWorkflowID is the workflow id of an inbound transfer.
func TransferWorkflowID(transferID uuid.UUID) string { return "transfer-" + transferID.String() }

// AutoRenewWorkflowID names the auto-renewal of one expiry cycle.
func AutoRenewWorkflowID(domainID uuid.UUID, cycle string) string {
	return fmt.Sprintf("autorenew-%s-%s", domainID, cycle)
}

// StartOption adjusts the start options of one workflow.
type StartOption func(*client.StartWorkflowOptions)

func WithID(id string) StartOption {
	return func(o *client.StartWorkflowOptions) { o.ID = id }
}

// RejectDuplicate refuses to start a workflow whose id has been used before.
func RejectDuplicate() StartOption {
	return func(o *client.StartWorkflowOptions) {
		o.WorkflowIDReusePolicy = enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE
	}
}

func WithMemo(attrs map[string]any) StartOption {
	return func(o *client.StartWorkflowOptions) { o.Memo = attrs }
}

// Starter launches and signals workflows.
type Starter interface {
	Start(ctx context.Context, workflow string, input any, opts ...StartOption) (string, error)
	Signal(ctx context.Context, workflowID, signal string, arg any) error
}

type temporalStarter struct {
	c     client.Client
	queue string
}

func NewStarter(c client.Client, cfg *config.Config) Starter {
	return &temporalStarter{c: c, queue: cfg.Temporal.TaskQueue}
}

// Start starts the workflow. When a workflow with the same id is running, or
// has run under a reuse policy that forbids another run, the existing run is
// returned.
func (s *temporalStarter) Start(ctx context.Context, workflow string, input any, opts ...StartOption) (string, error) {
	o := client.StartWorkflowOptions{TaskQueue: s.queue}
	for _, opt := range opts {
		opt(&o)
	}
	if o.ID == "" {
		return "", errors.New("flows: workflow id required")
	}
	run, err := s.c.ExecuteWorkflow(ctx, o, workflow, input)
	if err != nil {
		var started *serviceerror.WorkflowExecutionAlreadyStarted
		if errors.As(err, &started) {
			return started.RunId, nil
		}
		return "", fmt.Errorf("start %s %s: %w", workflow, o.ID, err)
	}
	return run.GetRunID(), nil
}

func (s *temporalStarter) Signal(ctx context.Context, workflowID, signal string, arg any) error {
	err := s.c.SignalWorkflow(ctx, workflowID, "", signal, arg)
	var notFound *serviceerror.NotFound
	if errors.As(err, &notFound) {
		return nil
	}
	return err
}

// Dial connects to Temporal.
func Dial(cfg *config.Config) (client.Client, error) {
	return client.Dial(client.Options{
		HostPort:  cfg.Temporal.HostPort,
		Namespace: cfg.Temporal.Namespace,
	})
}
