// Package grants implements grant applications and approvals.
package grants

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Service implements service.GrantService.
type Service struct {
	db           db.Beginner
	cycles       repo.Cycles
	orgs         repo.Organizations
	applications repo.Applications
	grants       repo.Grants
	starter      service.DisbursementStarter
	now          func() time.Time
	log          *slog.Logger
}

var _ service.GrantService = (*Service)(nil)

// Option configures the service.
type Option func(*Service)

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// New builds the service.
func New(b db.Beginner, cycles repo.Cycles, orgs repo.Organizations, apps repo.Applications,
	grants repo.Grants, starter service.DisbursementStarter, opts ...Option) *Service {
	s := &Service{
		db:           b,
		cycles:       cycles,
		orgs:         orgs,
		applications: apps,
		grants:       grants,
		starter:      starter,
		now:          time.Now,
		log:          slog.Default().With("component", "grants"),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// SubmitApplication records an organisation's application for a cycle.
func (s *Service) SubmitApplication(ctx context.Context, in service.SubmitApplicationInput) (*domain.Application, error) {
	if in.RequestedCents <= 0 || len(in.Summary) < 20 {
		return nil, fmt.Errorf("%w: requested amount and a summary are required", service.ErrValidation)
	}
	cycle, err := s.cycles.Get(ctx, in.CycleID)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	if now.Before(cycle.OpensAt) || now.After(cycle.ClosesAt) {
		return nil, service.ErrCycleClosed
	}
	if _, err := s.orgs.Get(ctx, in.OrgID); err != nil {
		return nil, err
	}

	app := domain.Application{
		OrgID:          in.OrgID,
		CycleID:        in.CycleID,
		RequestedCents: in.RequestedCents,
		Summary:        in.Summary,
		Status:         "submitted",
		SubmittedAt:    now,
	}
	if err := s.applications.Insert(ctx, app); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "application submitted", "org_id", in.OrgID, "cycle_id", in.CycleID)
	return &app, nil
}

// Approve moves a grant from review to approved and starts disbursement.
// Approving an already-approved grant is a no-op that (re)starts the
// workflow, whose id is derived from the grant id.
func (s *Service) Approve(ctx context.Context, grantID, approver string) (*domain.Grant, error) {
	g, err := db.RunInTx(ctx, s.db, func(tx *sqlx.Tx) (*domain.Grant, error) {
		grants := s.grants.WithTx(tx)
		g, err := grants.GetForUpdate(ctx, grantID)
		if err != nil {
			return nil, err
		}
		switch g.Status {
		case domain.GrantApproved, domain.GrantDisbursing, domain.GrantClosed:
			return g, nil
		case domain.GrantPendingReview:
		default:
			return nil, fmt.Errorf("%w: grant %s is %s", service.ErrInvalidState, g.ID, g.Status)
		}
		now := s.now().UTC()
		if err := grants.Approve(ctx, g.ID, approver, now); err != nil {
			return nil, err
		}
		g.Status = domain.GrantApproved
		g.ApprovedBy = &approver
		g.ApprovedAt = &now
		return g, nil
	})
	if err != nil {
		return nil, err
	}
	if g.Status == domain.GrantClosed {
		return g, nil
	}
	runID, err := s.starter.StartDisbursement(ctx, g)
	if err != nil {
		return nil, fmt.Errorf("start disbursement for %s: %w", g.ID, err)
	}
	s.log.InfoContext(ctx, "grant approved", "grant_id", g.ID, "run_id", runID)
	return g, nil
}
