// Package payroll implements service.Payroll: weekly reporter pay
// statements built from the per-page payout lines.
package payroll

import (
	"context"
	"fmt"
	"regexp"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/platform/once"
	"github.com/stenoline-legal/depobook/internal/repository"
	"github.com/stenoline-legal/depobook/internal/service"
)

const closeJob = "payroll.close"

var periodRE = regexp.MustCompile(`^\d{4}-W\d{2}$`)

type Params struct {
	fx.In

	Tx        dbx.Tx
	Payroll   repository.Payroll
	Reporters repository.Reporters
	Runs      repository.JobRuns
	Clock     service.Clock
	Log       *zap.Logger
}

type Service struct {
	tx        dbx.Tx
	payroll   repository.Payroll
	reporters repository.Reporters
	runs      repository.JobRuns
	now       service.Clock
	log       *zap.Logger
}

var _ service.Payroll = (*Service)(nil)

func New(p Params) *Service {
	return &Service{
		tx:        p.Tx,
		payroll:   p.Payroll,
		reporters: p.Reporters,
		runs:      p.Runs,
		now:       p.Clock,
		log:       p.Log.Named("payroll"),
	}
}

// ClosePeriod issues one statement per reporter for the period and adds
// it to their year-to-date pay. Runs weekly as payroll:close_period.
func (s *Service) ClosePeriod(ctx context.Context, period string) (*service.PayrollSummary, error) {
	if period == "" {
		period = domain.PayrollPeriod(s.now().AddDate(0, 0, -7))
	}
	if !periodRE.MatchString(period) {
		return nil, fmt.Errorf("%w: bad period %q", domain.ErrValidation, period)
	}

	sum := &service.PayrollSummary{Period: period}
	res, err := once.Do(ctx, s.runs, closeJob, period, func(ctx context.Context) error {
		return s.tx.InTx(ctx, func(ctx context.Context) error {
			totals, err := s.payroll.PeriodTotals(ctx, period)
			if err != nil {
				return err
			}
			for _, t := range totals {
				st := &domain.PayoutStatement{
					ID:         ids.New("ps"),
					ReporterID: t.ReporterID,
					Period:     period,
					Pages:      t.Pages,
					TotalCents: t.TotalCents,
				}
				if err := s.payroll.InsertStatement(ctx, st); err != nil {
					return fmt.Errorf("statement for %s: %w", t.ReporterID, err)
				}
				if err := s.reporters.AddYTDPaid(ctx, t.ReporterID, t.TotalCents); err != nil {
					return err
				}
				sum.Statements++
				sum.TotalCents += t.TotalCents
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	sum.Skipped = res.Skipped
	s.log.Info("payroll period closed", zap.String("period", period),
		zap.Int("statements", sum.Statements), zap.Int64("total_cents", sum.TotalCents),
		zap.Bool("skipped", sum.Skipped))
	return sum, nil
}
