package accesssync

import (
	"context"
	"errors"
	"fmt"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// Starter starts access-sync workflows. Workflow ids are supplied by the
// caller; an id that already ran is rejected by Temporal and treated as done.
type Starter struct {
	c client.Client
}

// NewStarter returns a Starter.
func NewStarter(c client.Client) *Starter { return &Starter{c: c} }

func (s *Starter) start(ctx context.Context, id string, wf any, arg any) error {
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       id,
		TaskQueue:                                TaskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, wf, arg)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("start workflow %s: %w", id, err)
	}
	return nil
}

// StartAccessSync starts AccessChangeWorkflow for changeID under workflowID.
func (s *Starter) StartAccessSync(ctx context.Context, workflowID, changeID string) error {
	return s.start(ctx, workflowID, AccessChangeWorkflow, AccessChangeInput{ChangeID: changeID})
}

// StartBookingWindow starts BookingWindowWorkflow for a booking.
func (s *Starter) StartBookingWindow(ctx context.Context, bookingID string) error {
	return s.start(ctx, "booking-window-"+bookingID, BookingWindowWorkflow, BookingWindowInput{BookingID: bookingID})
}

// EnsureReconcileSchedule starts the nightly credential reconciliation as a
// cron workflow. A running instance is left alone.
func (s *Starter) EnsureReconcileSchedule(ctx context.Context) error {
	_, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                                       "credential-reconcile",
		TaskQueue:                                TaskQueue,
		CronSchedule:                             "17 3 * * *",
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}, CredentialReconcileWorkflow)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	return err
}

// NewWorker builds the worker with every workflow and activity registered.
func NewWorker(c client.Client, acts *Activities) worker.Worker {
	w := worker.New(c, TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflow(AccessChangeWorkflow)
	w.RegisterWorkflow(BookingWindowWorkflow)
	w.RegisterWorkflow(CredentialReconcileWorkflow)
	w.RegisterActivity(acts)
	return w
}
