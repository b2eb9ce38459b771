// Package policy issues owner's title policies once the deed is recorded.
package policy

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/provider/underwriter"
)

// Store persists policies.
type Store interface {
	AwaitingPolicy(ctx context.Context, limit int) ([]domain.Order, error)
	Insert(ctx context.Context, p *domain.TitlePolicy) error
}

// Underwriter issues policies.
type Underwriter interface {
	IssuePolicy(ctx context.Context, req underwriter.PolicyRequest, opts ...underwriter.CallOption) (*underwriter.Policy, error)
}

// Service issues policies.
type Service struct {
	store Store
	uw    Underwriter
	form  string
	now   func() time.Time
	newID func() string
}

// NewService returns a policy service.
func NewService(store Store, uw Underwriter) *Service {
	return &Service{store: store, uw: uw, form: "ALTA-OWNERS-2021", now: time.Now, newID: ids.KSUID}
}

// Result summarises one batch.
type Result struct {
	Issued int
	Failed int
}

// IssueAwaiting issues owner's policies for recorded orders that have
// none yet. It stops at the first storage error so the job fails loudly.
func (s *Service) IssueAwaiting(ctx context.Context, limit int) (Result, error) {
	var res Result
	orders, err := s.store.AwaitingPolicy(ctx, limit)
	if err != nil {
		return res, err
	}
	for _, o := range orders {
		pol, err := s.uw.IssuePolicy(ctx, underwriter.PolicyRequest{
			AgentFileNumber: o.FileNumber,
			PolicyForm:      s.form,
			LiabilityCents:  o.SalePriceCents,
			EffectiveDate:   o.UpdatedAt.Format(time.DateOnly),
			PropertyAddress: o.PropertyAddr,
			CountyFIPS:      o.CountyFIPS,
			InsuredName:     o.BuyerName,
		})
		if err != nil {
			res.Failed++
			slog.WarnContext(ctx, "policy issuance failed", "order", o.ID, "file", o.FileNumber, "err", err)
			continue
		}
		if err := s.store.Insert(ctx, &domain.TitlePolicy{
			ID: s.newID(), OrderID: o.ID, PolicyNumber: pol.PolicyNumber, PolicyType: "owners",
			LiabilityCents: o.SalePriceCents, PremiumCents: pol.PremiumCents, IssuedAt: pol.IssuedAt,
		}); err != nil {
			return res, fmt.Errorf("store policy %s for %s: %w", pol.PolicyNumber, o.FileNumber, err)
		}
		res.Issued++
	}
	return res, nil
}
