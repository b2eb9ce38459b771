// Package pledges moves pledges between tiers, in a unit of work whose
// repositories main wires.
package pledges

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// A Pledge is a backer's pledge, on a tier.
type Pledge struct{ ID, TierID string }

// A Tier is a reward tier.
type Tier struct{ ID string }

// An Adjustment records a change of a pledge.
type Adjustment struct{ ID, PledgeID, Reason string }

// Repos write in the unit of work's transaction.
type Repos interface {
	UpdateTier(ctx context.Context, pledgeID, tierID string) error
	AddAdjustment(ctx context.Context, a Adjustment) error
}

// UnitOfWork runs fn in one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

// Store reads pledges and tiers.
type Store interface {
	Get(ctx context.Context, id string) (Pledge, error)
	Tier(ctx context.Context, id string) (Tier, error)
}

// Service moves pledges.
type Service struct {
	Store Store
	UOW   UnitOfWork
}

// ChangeTier moves the pledge and records the move under a new ID, in
// the transaction that moves it: a retry after the commit finds the
// pledge on the tier and leaves, so the adjustment is made once.
func (s *Service) ChangeTier(ctx context.Context, pledgeID, tierID string) error {
	p, err := s.Store.Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	if p.TierID == tierID {
		return nil
	}
	tier, err := s.Store.Tier(ctx, tierID)
	if err != nil {
		return err
	}
	return s.UOW.Do(ctx, func(ctx context.Context, r Repos) error {
		if err := r.UpdateTier(ctx, p.ID, tier.ID); err != nil {
			return err
		}
		return r.AddAdjustment(ctx, Adjustment{ID: uuid.NewString(), PledgeID: p.ID, Reason: "tier"})
	})
}

// Regrade moves the pledge with no test of where it is: a retry records
// the move again under a new ID.
func (s *Service) Regrade(ctx context.Context, pledgeID, tierID string) error {
	p, err := s.Store.Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	return s.UOW.Do(ctx, func(ctx context.Context, r Repos) error {
		if err := r.UpdateTier(ctx, p.ID, tierID); err != nil {
			return err
		}
		return r.AddAdjustment(ctx, Adjustment{ID: uuid.NewString(), PledgeID: p.ID, Reason: "regrade"}) // want `a retry inserts a second adjustments row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.Regrade\)`
	})
}

// Mover moves pledges; Service implements it.
type Mover interface {
	ChangeTier(ctx context.Context, pledgeID, tierID string) error
	Regrade(ctx context.Context, pledgeID, tierID string) error
}

// API serves the moves.
type API struct{ Pledges Mover }

// ChangeTier moves one pledge.
func (a *API) ChangeTier(w http.ResponseWriter, r *http.Request) {
	if err := a.Pledges.ChangeTier(r.Context(), r.FormValue("pledge"), r.FormValue("tier")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Regrade moves one pledge again.
func (a *API) Regrade(w http.ResponseWriter, r *http.Request) {
	if err := a.Pledges.Regrade(r.Context(), r.FormValue("pledge"), r.FormValue("tier")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
