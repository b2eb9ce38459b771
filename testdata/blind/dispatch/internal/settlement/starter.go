package settlement

import (
	"context"
	"errors"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/quaymile/dispatch/internal/config"
)

// Starter launches settlement workflows. The workflow id is derived from the
// merchant and day, so asking twice yields the same execution.
type Starter interface {
	Start(ctx context.Context, merchantID, periodDate string) (StartResult, error)
}

// StartResult identifies the execution.
type StartResult struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id,omitempty"`
	Existing   bool   `json:"existing"`
}

type temporalStarter struct {
	c     client.Client
	queue string
}

// NewStarter builds a Starter.
func NewStarter(cfg config.Config, c client.Client) Starter {
	return &temporalStarter{c: c, queue: cfg.SettlementQueue}
}

func (s *temporalStarter) Start(ctx context.Context, merchantID, periodDate string) (StartResult, error) {
	in := SettlementInput{
		SettlementID: SettlementID(merchantID, periodDate),
		MerchantID:   merchantID,
		PeriodDate:   periodDate,
	}
	wfID := "settlement-" + in.SettlementID
	run, err := s.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       wfID,
		TaskQueue:                s.queue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, MerchantSettlementWorkflow, in)
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return StartResult{WorkflowID: wfID, RunID: already.RunId, Existing: true}, nil
	}
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{WorkflowID: run.GetID(), RunID: run.GetRunID()}, nil
}
