package renewal

import (
	"context"
	"errors"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
)

// Starter starts and signals renewal workflows from the API and scheduler.
type Starter struct {
	client    client.Client
	taskQueue string
}

func NewStarter(c client.Client, cfg *config.Config) *Starter {
	return &Starter{client: c, taskQueue: cfg.Temporal.TaskQueue}
}

// Start starts the membership's renewal workflow. The workflow id is derived
// from the membership, so starting it again returns the existing run.
func (s *Starter) Start(ctx context.Context, m *models.Membership) error {
	_, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       WorkflowID(m.ID.String()),
		TaskQueue:                s.taskQueue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
	}, WorkflowName, Input{
		MembershipID: m.ID.String(),
		Period:       m.Period,
		ExpiresAt:    m.ExpiresAt,
		AutoRenew:    m.AutoRenew,
	})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	return err
}

// SignalAutoRenew informs a running workflow of an auto-renew change.
func (s *Starter) SignalAutoRenew(ctx context.Context, membershipID uuid.UUID, on bool) error {
	err := s.client.SignalWorkflow(ctx, WorkflowID(membershipID.String()), "", SignalAutoRenew, on)
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return nil
	}
	return err
}
