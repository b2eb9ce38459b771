package saga

import (
	"context"
	"errors"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/harbourline/hotels/internal/domain"
)

// StartOption adjusts the options of a workflow start.
type StartOption func(*client.StartWorkflowOptions)

// WithExecutionTimeout caps the whole workflow run.
func WithExecutionTimeout(d time.Duration) StartOption {
	return func(o *client.StartWorkflowOptions) { o.WorkflowExecutionTimeout = d }
}

// WithMemo attaches a memo visible in the Temporal UI.
func WithMemo(m map[string]any) StartOption {
	return func(o *client.StartWorkflowOptions) { o.Memo = m }
}

// Starter starts the sagas; it implements reservations.BookingStarter and
// relocations.Starter.
type Starter struct {
	c         client.Client
	taskQueue string
	defaults  []StartOption
}

// NewStarter returns a Starter for taskQueue.
func NewStarter(c client.Client, taskQueue string, defaults ...StartOption) *Starter {
	return &Starter{c: c, taskQueue: taskQueue, defaults: defaults}
}

func (s *Starter) options(id string, extra ...StartOption) client.StartWorkflowOptions {
	o := client.StartWorkflowOptions{
		ID:                                       id,
		TaskQueue:                                s.taskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}
	for _, f := range append(s.defaults, extra...) {
		f(&o)
	}
	return o
}

// BookingWorkflowID is the workflow ID of a reservation's booking saga.
func BookingWorkflowID(reservationID string) string { return "booking-" + reservationID }

// StartBooking starts the booking saga; a saga already started for the same
// reservation counts as success.
func (s *Starter) StartBooking(ctx context.Context, req domain.BookingRequest) error {
	_, err := s.c.ExecuteWorkflow(ctx, s.options(BookingWorkflowID(req.ReservationID),
		WithExecutionTimeout(24*time.Hour)), BookingWorkflow, req)
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return nil
	}
	return err
}

// StartRelocation starts a relocation under workflowID.
func (s *Starter) StartRelocation(ctx context.Context, req domain.RelocationRequest, workflowID string) (string, error) {
	run, err := s.c.ExecuteWorkflow(ctx, s.options(workflowID,
		WithMemo(map[string]any{"reservation_id": req.ReservationID, "requested_by": req.RequestedBy})),
		RelocationWorkflow, req)
	if err != nil {
		return "", err
	}
	return run.GetRunID(), nil
}

// NewWorker registers the workflows and the activity struct on taskQueue.
func NewWorker(c client.Client, taskQueue string, acts *Activities) worker.Worker {
	w := worker.New(c, taskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 50,
	})
	w.RegisterWorkflow(BookingWorkflow)
	w.RegisterWorkflow(RelocationWorkflow)
	w.RegisterActivity(acts)
	return w
}
