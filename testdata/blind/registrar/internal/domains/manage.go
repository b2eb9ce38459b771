package domains

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

// RenewNow starts a renewal of the domain for the given number of years and
// returns the id of the renewal workflow.
func (s *Service) RenewNow(ctx context.Context, p model.Principal, name string, years int) (string, error) {
	d, err := s.domains.GetOwned(ctx, p.AccountID, name)
	if err != nil {
		return "", err
	}
	if d.Status != "active" {
		return "", ErrNotActive
	}
	if d.ExpiresAt.AddDate(years, 0, 0).After(s.now().AddDate(10, 0, 0)) {
		return "", ErrTooLong
	}
	workflowID := fmt.Sprintf("renew-%s-%s", d.Name, uuid.NewString())
	_, err = s.starter.Start(ctx, flows.RenewalWorkflowName, flows.RenewalInput{
		DomainID:       d.ID,
		Years:          years,
		Trigger:        "manual",
		CycleExpiresAt: d.ExpiresAt,
	}, flows.WithID(workflowID))
	if err != nil {
		return "", err
	}
	return workflowID, nil
}

// SetNameservers delegates the domain to the given hosts. The change sent to
// the registry is computed against what the registry currently holds.
func (s *Service) SetNameservers(ctx context.Context, p model.Principal, name string, hosts []string) (model.Domain, error) {
	d, err := s.domains.GetOwned(ctx, p.AccountID, name)
	if err != nil {
		return model.Domain{}, err
	}
	want, err := NormalizeHosts(hosts)
	if err != nil {
		return model.Domain{}, err
	}
	if len(want) < 2 || len(want) > 13 {
		return model.Domain{}, fmt.Errorf("between 2 and 13 nameservers are required")
	}
	info, err := s.registry.InfoDomain(ctx, d.Name)
	if err != nil {
		return model.Domain{}, err
	}
	add, rem := diffHosts(info.Nameservers, want)
	if len(add) > 0 || len(rem) > 0 {
		if err := s.registry.UpdateDomain(ctx, &registry.DomainUpdate{Name: d.Name, AddNS: add, RemNS: rem}); err != nil {
			return model.Domain{}, err
		}
	}
	if err := s.domains.SetNameservers(ctx, d.ID, want); err != nil {
		return model.Domain{}, err
	}
	d.Nameservers = want
	return d, nil
}

// SetAutoRenew switches auto-renewal on or off.
func (s *Service) SetAutoRenew(ctx context.Context, p model.Principal, name string, on bool) (model.Domain, error) {
	d, err := s.domains.GetOwned(ctx, p.AccountID, name)
	if err != nil {
		return model.Domain{}, err
	}
	if err := s.domains.SetAutoRenew(ctx, d.ID, on); err != nil {
		return model.Domain{}, err
	}
	d.AutoRenew = on
	return d, nil
}
