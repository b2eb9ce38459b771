package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

const disputeOutcomeConsumer = "dispute-outcomes"

// DisputeRepository is what DisputeService needs inside its transaction.
type DisputeRepository interface {
	InsertDisputeAdjustment(ctx context.Context, a *model.DisputeAdjustment) error
	ResolveDispute(ctx context.Context, ref, status string, at time.Time) error
}

// EventLedger tracks which inbound events have been applied.
type EventLedger interface {
	IsProcessed(ctx context.Context, consumer, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, eventID string) (bool, error)
}

// DisputeOutcome is the operator's decision on a trading dispute. Each
// adjustment is a resettlement amount for one balancing unit.
type DisputeOutcome struct {
	OutcomeID   string
	DisputeRef  string
	Decision    string // upheld, rejected, partially_upheld
	DecidedAt   time.Time
	Adjustments []DisputeAmount
}

// DisputeAmount is one line of an outcome.
type DisputeAmount struct {
	BMUnitID    string
	AmountPence int64
	Narrative   string
}

// DisputeService applies dispute outcomes.
type DisputeService struct {
	uow    txn.Runner[DisputeRepository]
	events EventLedger
	newID  func() string
	now    func() time.Time
	log    *slog.Logger
}

// NewDisputeService wires a DisputeService.
func NewDisputeService(uow txn.Runner[DisputeRepository], events EventLedger, newID func() string, now func() time.Time, log *slog.Logger) *DisputeService {
	return &DisputeService{uow: uow, events: events, newID: newID, now: now, log: log}
}

// ApplyOutcome books the resettlement amounts of an outcome and closes the
// dispute. Outcomes are applied once per outcome ID.
func (s *DisputeService) ApplyOutcome(ctx context.Context, o DisputeOutcome) error {
	if o.OutcomeID == "" || o.DisputeRef == "" {
		return fmt.Errorf("%w: outcome without ID or dispute reference", ErrInvalid)
	}
	done, err := s.events.IsProcessed(ctx, disputeOutcomeConsumer, o.OutcomeID)
	if err != nil {
		return err
	}
	if done {
		s.log.Info("dispute outcome already applied", "outcome_id", o.OutcomeID)
		return nil
	}
	status := "resolved_" + o.Decision
	return s.uow.Do(ctx, func(r DisputeRepository) error {
		for _, a := range o.Adjustments {
			if a.AmountPence == 0 {
				continue
			}
			adj := &model.DisputeAdjustment{
				ID:          s.newID(),
				DisputeRef:  o.DisputeRef,
				OutcomeID:   o.OutcomeID,
				BMUnitID:    a.BMUnitID,
				AmountPence: a.AmountPence,
				Narrative:   a.Narrative,
				CreatedAt:   s.now(),
			}
			if err := r.InsertDisputeAdjustment(ctx, adj); err != nil {
				return fmt.Errorf("book adjustment for %s: %w", o.DisputeRef, err)
			}
		}
		if err := r.ResolveDispute(ctx, o.DisputeRef, status, o.DecidedAt); err != nil {
			return err
		}
		_, err := s.events.MarkProcessed(ctx, disputeOutcomeConsumer, o.OutcomeID)
		return err
	})
}
