package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/uptrace/bun"

	"github.com/stagepass/ticketing/internal/apperr"
)

// WorkflowStarter is the slice of client.Client used to start payouts.
type WorkflowStarter interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow interface{}, args ...interface{}) (client.WorkflowRun, error)
}

// Starter is consumed by the admin API.
type Starter interface {
	Start(ctx context.Context, in StartInput) (StartResult, error)
}

type StartInput struct {
	OrganiserID string
	Period      string // ISO week, e.g. 2025-W14
	Currency    string
	Actor       string
}

type StartResult struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id,omitempty"`
	Existing   bool   `json:"existing"`
}

type starter struct {
	db        bun.IDB
	temporal  WorkflowStarter
	taskQueue string
}

func NewStarter(db bun.IDB, t WorkflowStarter, taskQueue string) Starter {
	return &starter{db: db, temporal: t, taskQueue: taskQueue}
}

// periodEnd returns the end (exclusive) of an ISO week "YYYY-Www".
func periodEnd(period string) (time.Time, error) {
	var year, week int
	if _, err := fmt.Sscanf(period, "%d-W%d", &year, &week); err != nil || week < 1 || week > 53 {
		return time.Time{}, apperr.Invalid("period must look like 2025-W14")
	}
	jan4 := time.Date(year, 1, 4, 0, 0, 0, 0, time.UTC)
	offset := (int(jan4.Weekday()) + 6) % 7
	week1Monday := jan4.AddDate(0, 0, -offset)
	return week1Monday.AddDate(0, 0, 7*week), nil
}

// Start kicks off (or finds) the payout workflow for an organiser and period.
// The workflow id is derived from the pair, so repeats attach to the same run.
func (s *starter) Start(ctx context.Context, in StartInput) (StartResult, error) {
	end, err := periodEnd(in.Period)
	if err != nil {
		return StartResult{}, err
	}
	if end.After(time.Now()) {
		return StartResult{}, apperr.Invalid("period %s has not ended", in.Period)
	}
	wfID := fmt.Sprintf("payout-%s-%s", in.OrganiserID, in.Period)

	if _, err := s.db.NewInsert().Model(&Request{
		OrganiserID: in.OrganiserID,
		Period:      in.Period,
		WorkflowID:  wfID,
		RequestedBy: in.Actor,
	}).On("CONFLICT (organiser_id, period) DO NOTHING").Exec(ctx); err != nil {
		return StartResult{}, err
	}

	run, err := s.temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       wfID,
		TaskQueue:                s.taskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, WorkflowName, Input{
		OrganiserID: in.OrganiserID,
		Period:      in.Period,
		PeriodEnd:   end,
		Currency:    in.Currency,
	})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return StartResult{WorkflowID: wfID, Existing: true}, nil
	}
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{WorkflowID: wfID, RunID: run.GetRunID()}, nil
}
