package service

import (
	"context"
	"time"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/store"
)

// LateFees is the fee schedule by escalation tier.
var LateFees = map[int]struct {
	Kind   string
	Amount int64
}{
	1: {Kind: model.FeeLate1, Amount: 2500},
	2: {Kind: model.FeeLate2, Amount: 5000},
}

// EscalationService applies the money and stage side of escalation.
type EscalationService struct {
	stores Stores
	now    clock
}

func NewEscalationService(stores Stores) *EscalationService {
	return &EscalationService{stores: stores, now: utcNow}
}

// Standing is the slice of citation state the lifecycle workflow branches on.
type Standing struct {
	CitationID   string
	Status       string
	Stage        string
	BalanceCents int64
	Disputed     bool
	DueDate      time.Time
	Closed       bool
	InPlan       bool
}

// Standing reads the citation's current standing.
func (s *EscalationService) Standing(ctx context.Context, citationID string) (*Standing, error) {
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.Get(ctx, citationID)
	if err != nil {
		return nil, mapNotFound(err, "citation "+citationID)
	}
	plans, err := repos.Plans.ActiveForCitation(ctx, citationID)
	if err != nil {
		return nil, err
	}
	return &Standing{
		CitationID:   c.ID,
		Status:       c.Status,
		Stage:        c.Stage,
		BalanceCents: c.BalanceCents,
		Disputed:     c.Disputed,
		DueDate:      c.DueDate,
		Closed:       c.Closed() || c.BalanceCents <= 0,
		InPlan:       len(plans) > 0,
	}, nil
}

// AssessLateFee adds the tier's late fee to the citation balance.
func (s *EscalationService) AssessLateFee(ctx context.Context, citationID string, tier int) (*model.Fee, error) {
	sched, ok := LateFees[tier]
	if !ok {
		return nil, invalid("no late fee for tier %d", tier)
	}
	var fee *model.Fee
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		c, err := r.Citations.GetForUpdate(ctx, citationID)
		if err != nil {
			return mapNotFound(err, "citation "+citationID)
		}
		if c.Closed() || c.Disputed {
			return nil
		}
		fee, err = r.Fees.Add(ctx, citationID, sched.Kind, sched.Amount)
		if err != nil {
			return err
		}
		if err := r.Citations.AdjustBalance(ctx, citationID, sched.Amount); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, citationID, model.LedgerFee, sched.Amount, "late_fee", fee.ID)
	})
	return fee, err
}

// AdvanceStage moves the citation's escalation stage forward and notes it
// in the audit trail.
func (s *EscalationService) AdvanceStage(ctx context.Context, citationID, stage string) (bool, error) {
	var advanced bool
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		var err error
		advanced, err = r.Citations.AdvanceStage(ctx, citationID, stage)
		if err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, citationID, "stage", stage, "lifecycle")
	})
	return advanced, err
}
