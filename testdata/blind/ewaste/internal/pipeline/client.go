package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"

	"github.com/circuitback/buyback/internal/messaging"
)

type workflowIDStore interface {
	SetWorkflowID(ctx context.Context, id uuid.UUID, workflowID string) error
}

// Starter launches pipeline runs from queue events.
type Starter struct {
	client    client.Client
	taskQueue string
	tradeIns  workflowIDStore
}

func NewStarter(c client.Client, taskQueue string, tradeIns workflowIDStore) *Starter {
	return &Starter{client: c, taskQueue: taskQueue, tradeIns: tradeIns}
}

// StartGradingToPayout starts the pipeline for a grading under workflowID
// and remembers the id on the trade-in so customer decisions can be routed
// to it.
func (s *Starter) StartGradingToPayout(ctx context.Context, workflowID string, evt messaging.DeviceGraded) (string, error) {
	run, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       workflowID,
		TaskQueue:                s.taskQueue,
		WorkflowExecutionTimeout: 30 * 24 * time.Hour,
		Memo:                     map[string]any{"trade_in_id": evt.TradeInID.String(), "grade": evt.Grade},
	}, GradingToPayout, Input{
		TradeInID: evt.TradeInID,
		DeviceID:  evt.DeviceID,
		GradingID: evt.GradingID,
		Round:     evt.Round,
	})
	if err != nil {
		return "", fmt.Errorf("start grading pipeline: %w", err)
	}
	if err := s.tradeIns.SetWorkflowID(ctx, evt.TradeInID, run.GetID()); err != nil {
		return "", fmt.Errorf("remember workflow id: %w", err)
	}
	return run.GetID(), nil
}

// Signaler routes customer decisions to running pipelines.
type Signaler struct {
	client client.Client
}

func NewSignaler(c client.Client) *Signaler { return &Signaler{client: c} }

func (s *Signaler) SignalOfferDecision(ctx context.Context, workflowID, decision string) error {
	return s.client.SignalWorkflow(ctx, workflowID, "", SignalOfferDecision, decision)
}
