package disbursement

import (
	"context"
	"errors"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/service"
)

// Starter implements service.DisbursementStarter on a Temporal client.
type Starter struct {
	Client          client.Client
	TaskQueue       string
	TrancheInterval time.Duration
}

var _ service.DisbursementStarter = (*Starter)(nil)

// StartDisbursement starts (or attaches to) the grant's disbursement
// workflow. The workflow id is derived from the grant id, so a second call
// for the same grant never starts a second run.
func (s *Starter) StartDisbursement(ctx context.Context, g *domain.Grant) (string, error) {
	run, err := s.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       WorkflowID(g.ID),
		TaskQueue:                s.TaskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, DisburseGrantWorkflow, DisburseInput{
		GrantID:         g.ID,
		OrgID:           g.OrgID,
		AmountCents:     g.AmountCents,
		Tranches:        g.Tranches,
		TrancheInterval: s.TrancheInterval,
	})
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &already) {
		return already.RunId, nil
	}
	if err != nil {
		return "", err
	}
	return run.GetRunID(), nil
}
