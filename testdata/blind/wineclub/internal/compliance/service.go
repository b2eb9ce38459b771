package compliance

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
	"github.com/vinoteca/wineclub/internal/providers/regulator"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the compliance provider set.
var ProviderSet = wire.NewSet(New)

// Filer submits filings to the state portal.
type Filer interface {
	Submit(ctx context.Context, f regulator.Filing) (*regulator.Receipt, error)
}

// Service files state reports.
type Service struct {
	submissions *store.Submissions
	totals      TotalsSource
	filer       Filer
	license     string
	log         *slog.Logger
}

// New builds the service.
func New(subs *store.Submissions, shipments *store.Shipments, filer Filer, license string, log *slog.Logger) *Service {
	return &Service{submissions: subs, totals: shipments, filer: filer, license: license, log: log}
}

// File submits the report for one state and period, or returns the
// submission already made for them.
func (s *Service) File(ctx context.Context, state string, p Period, actor string) (*models.ComplianceSubmission, error) {
	sub, err := s.submissions.Claim(ctx, &models.ComplianceSubmission{
		ID:          idgen.SubmissionID(),
		State:       state,
		Period:      p.String(),
		Reference:   idgen.Reference("WC"),
		Status:      models.SubmissionPending,
		SubmittedBy: actor,
		CreatedAt:   time.Now().UTC(),
	})
	if err != nil {
		return nil, err
	}
	if sub.Status == models.SubmissionSubmitted {
		return sub, nil
	}
	rep, err := Build(ctx, s.totals, s.license, state, p)
	if err != nil {
		return nil, err
	}
	receipt, err := s.filer.Submit(ctx, regulator.Filing{
		State:           state,
		Period:          p.String(),
		ClientReference: sub.Reference,
		Shipments:       rep.Totals.Shipments,
		Bottles:         rep.Totals.Bottles,
		Liters:          rep.Liters,
		CSV:             rep.CSV,
	})
	if err != nil {
		return nil, err
	}
	if err := s.submissions.MarkSubmitted(ctx, sub.ID, receipt.FilingID, rep.Totals, rep.Liters); err != nil {
		return nil, err
	}
	return s.submissions.Find(ctx, state, p.String())
}
