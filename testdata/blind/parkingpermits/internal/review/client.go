package review

import (
	"context"
	"errors"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/curbline-civic/permits/internal/applications"
)

// Starter starts and signals review workflows from the API and consumers.
type Starter struct {
	c     client.Client
	queue string
}

// NewStarter returns a Starter on the given task queue.
func NewStarter(c client.Client, queue string) *Starter { return &Starter{c: c, queue: queue} }

// StartReview starts ApplicationReview for a paid application. Payment can be
// confirmed by both the webhook and a kiosk, and each may be redelivered, so a
// review already running or finished for the application is not an error.
func (s *Starter) StartReview(ctx context.Context, appID uuid.UUID) error {
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       ReviewWorkflowID(appID),
		TaskQueue:                s.queue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, ApplicationReview, ReviewInput{ApplicationID: appID})
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return nil
	}
	return err
}

// StartMailing starts PermitMailing for a permit issued outside the review
// workflow (replacements).
func (s *Starter) StartMailing(ctx context.Context, permitID uuid.UUID) error {
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       MailingWorkflowID(permitID),
		TaskQueue:                s.queue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, PermitMailing, MailingInput{PermitID: permitID})
	return err
}

// SignalDecision hands an officer's decision to the running review.
func (s *Starter) SignalDecision(ctx context.Context, appID uuid.UUID, d applications.Decision) error {
	return s.c.SignalWorkflow(ctx, ReviewWorkflowID(appID), "", SignalDecision, DecisionSignal{
		Approve: d.Approve, Officer: d.Officer, Reason: d.Reason,
	})
}
