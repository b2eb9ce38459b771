package compliance

import (
	"context"
	"fmt"
	"time"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
	"github.com/vinoteca/wineclub/internal/providers/regulator"
)

// MonthlyResult summarises a monthly filing run.
type MonthlyResult struct {
	Period    string
	Submitted []string
	Skipped   []string
	Failed    map[string]error
}

// RunMonthly files every state that received shipments during the period.
func (s *Service) RunMonthly(ctx context.Context, p Period) (*MonthlyResult, error) {
	from, to := p.Bounds()
	states, err := s.totals.ShippedStates(ctx, from, to)
	if err != nil {
		return nil, err
	}
	res := &MonthlyResult{Period: p.String(), Failed: map[string]error{}}
	for _, state := range states {
		existing, err := s.submissions.Find(ctx, state, p.String())
		if err != nil {
			return res, err
		}
		if existing != nil && existing.Status == models.SubmissionSubmitted {
			res.Skipped = append(res.Skipped, state)
			continue
		}
		if err := s.fileBatch(ctx, state, p); err != nil {
			s.log.WarnContext(ctx, "monthly filing failed", "state", state, "period", p.String(), "err", err)
			res.Failed[state] = err
			continue
		}
		res.Submitted = append(res.Submitted, state)
	}
	if len(res.Failed) > 0 {
		return res, fmt.Errorf("compliance: %d of %d states failed", len(res.Failed), len(states))
	}
	return res, nil
}

func (s *Service) fileBatch(ctx context.Context, state string, p Period) error {
	rep, err := Build(ctx, s.totals, s.license, state, p)
	if err != nil {
		return err
	}
	ref := idgen.Reference("WCM")
	receipt, err := s.filer.Submit(ctx, regulator.Filing{
		State:           state,
		Period:          p.String(),
		ClientReference: ref,
		Shipments:       rep.Totals.Shipments,
		Bottles:         rep.Totals.Bottles,
		Liters:          rep.Liters,
		CSV:             rep.CSV,
	})
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	return s.submissions.RecordSubmitted(ctx, &models.ComplianceSubmission{
		ID:          idgen.SubmissionID(),
		State:       state,
		Period:      p.String(),
		Reference:   ref,
		Status:      models.SubmissionSubmitted,
		FilingID:    &receipt.FilingID,
		Shipments:   rep.Totals.Shipments,
		Bottles:     rep.Totals.Bottles,
		Liters:      rep.Liters,
		SubmittedBy: "cron",
		SubmittedAt: &now,
		CreatedAt:   now,
	})
}
