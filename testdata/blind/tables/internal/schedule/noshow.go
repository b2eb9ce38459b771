// Package schedule starts long-running Temporal workflows from the API.
package schedule

import (
	"context"
	"fmt"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
)

// Workflow type names, registered by cmd/worker.
const (
	NoShowWorkflowName = "NoShowWorkflow"
	PayoutWorkflowName = "WeeklyPayoutWorkflow"
)

// NoShowInput is the NoShowWorkflow argument.
type NoShowInput struct {
	BookingID string
	EndsAt    time.Time
	Grace     time.Duration
}

// NoShowScheduler arranges the post-slot no-show check for a booking.
type NoShowScheduler interface {
	ScheduleNoShowCheck(ctx context.Context, bookingID string, endsAt time.Time) error
}

type TemporalScheduler struct {
	c         client.Client
	taskQueue string
	grace     time.Duration
}

func NewTemporalScheduler(c client.Client, taskQueue string, grace time.Duration) *TemporalScheduler {
	return &TemporalScheduler{c: c, taskQueue: taskQueue, grace: grace}
}

// ScheduleNoShowCheck starts one workflow per booking; the workflow ID makes a
// second start attach to the running execution.
func (s *TemporalScheduler) ScheduleNoShowCheck(ctx context.Context, bookingID string, endsAt time.Time) error {
	opts := client.StartWorkflowOptions{
		ID:                       "noshow-" + bookingID,
		TaskQueue:                s.taskQueue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
	}
	_, err := s.c.ExecuteWorkflow(ctx, opts, NoShowWorkflowName, NoShowInput{
		BookingID: bookingID,
		EndsAt:    endsAt,
		Grace:     s.grace,
	})
	if err != nil {
		return fmt.Errorf("schedule: no-show for %s: %w", bookingID, err)
	}
	return nil
}
