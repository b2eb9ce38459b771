// Package airspace consumes airspace.decisions, the topic our authority
// webhook bridge publishes plan approvals, rejections and revocations to.
package airspace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

type decisionMessage struct {
	DecisionID string    `json:"decision_id"`
	PlanID     string    `json:"plan_id"`
	Decision   string    `json:"decision"`
	Reason     string    `json:"reason"`
	DecidedAt  time.Time `json:"decided_at"`
}

var transitions = map[string]struct {
	from []domain.FlightPlanStatus
	to   domain.FlightPlanStatus
}{
	"approved": {from: []domain.FlightPlanStatus{domain.PlanFiled}, to: domain.PlanApproved},
	"rejected": {from: []domain.FlightPlanStatus{domain.PlanFiled}, to: domain.PlanRejected},
	"revoked":  {from: []domain.FlightPlanStatus{domain.PlanFiled, domain.PlanApproved}, to: domain.PlanCancelled},
}

// DecisionHandler applies authority decisions to our flight plans.
type DecisionHandler struct {
	Store store.Store
	Log   *slog.Logger
}

// Handle implements consumer.Handler. Decisions are published raw by the
// bridge, without our event envelope.
func (h *DecisionHandler) Handle(ctx context.Context, msg kafka.Message) error {
	var d decisionMessage
	if err := jsonUnmarshal(msg.Value, &d); err != nil {
		return fmt.Errorf("%w: %v", consumer.ErrSkip, err)
	}
	tr, ok := transitions[d.Decision]
	if !ok {
		return fmt.Errorf("%w: unknown decision %q", consumer.ErrSkip, d.Decision)
	}
	plan, err := h.Store.FlightPlans().GetByAuthorityID(ctx, d.PlanID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("%w: decision for unknown plan %s", consumer.ErrSkip, d.PlanID)
	}
	if err != nil {
		return err
	}

	if err := h.Store.FlightPlans().InsertDecision(ctx, &domain.PlanDecision{
		AuthorityDecisionID: d.DecisionID,
		FlightPlanID:        plan.ID,
		Decision:            d.Decision,
		Reason:              d.Reason,
		DecidedAt:           d.DecidedAt,
	}); err != nil {
		return fmt.Errorf("record decision %s: %w", d.DecisionID, err)
	}
	changed, err := h.Store.FlightPlans().SetStatus(ctx, plan.ID, tr.from, tr.to)
	if err != nil {
		return err
	}
	if !changed {
		h.Log.InfoContext(ctx, "decision did not change plan", "plan", plan.ID, "status", plan.Status, "decision", d.Decision)
	}
	return nil
}

// jsonUnmarshal decodes strictly so bridge schema drift shows up as skipped
// messages in the logs rather than zero values.
func jsonUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
