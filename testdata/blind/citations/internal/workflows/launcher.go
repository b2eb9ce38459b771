// Package workflows holds the Temporal side of the notice-and-escalation
// lifecycle: the workflow, its activities and the launcher services use to
// start and signal it.
package workflows

import (
	"context"
	"errors"
	"fmt"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
)

// TaskQueue is the task queue the notice worker polls.
const TaskQueue = "citation-notices"

// WorkflowID is the lifecycle workflow's ID for a citation. One citation,
// one lifecycle: the server rejects a second start with the same ID.
func WorkflowID(citationNumber string) string {
	return "notice-lifecycle-" + citationNumber
}

// Launcher implements service.Lifecycle on a Temporal client.
type Launcher struct {
	client   client.Client
	schedule Schedule
}

func NewLauncher(c client.Client, schedule Schedule) *Launcher {
	return &Launcher{client: c, schedule: schedule}
}

// Start starts the citation's lifecycle. Starting one that already exists
// (running or finished) is not an error.
func (l *Launcher) Start(ctx context.Context, citationID, citationNumber string) error {
	opts := client.StartWorkflowOptions{
		ID:                                       WorkflowID(citationNumber),
		TaskQueue:                                TaskQueue,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowExecutionErrorWhenAlreadyStarted: true,
	}
	_, err := l.client.ExecuteWorkflow(ctx, opts, NoticeLifecycle, LifecycleInput{
		CitationID:     citationID,
		CitationNumber: citationNumber,
		Schedule:       l.schedule,
	})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("start %s: %w", opts.ID, err)
	}
	return nil
}

// Signal delivers a signal to the citation's lifecycle. A lifecycle that has
// already finished has nothing left to react to, so NotFound is ignored.
func (l *Launcher) Signal(ctx context.Context, citationNumber, signal string, arg any) error {
	err := l.client.SignalWorkflow(ctx, WorkflowID(citationNumber), "", signal, arg)
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return nil
	}
	return err
}
