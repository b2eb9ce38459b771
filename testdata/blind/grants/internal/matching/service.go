// Package matching implements sponsor matching offers.
package matching

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Service implements service.MatchingService.
type Service struct {
	db          db.Beginner
	offers      repo.MatchingOffers
	allocations repo.MatchAllocations
	log         *slog.Logger
}

var _ service.MatchingService = (*Service)(nil)

// New builds the service.
func New(b db.Beginner, offers repo.MatchingOffers, allocations repo.MatchAllocations) *Service {
	return &Service{db: b, offers: offers, allocations: allocations, log: slog.Default().With("component", "matching")}
}

// CreateOffer registers a sponsor's offer. A sponsor has at most one offer per
// campaign, identified by the sponsor's own reference.
func (s *Service) CreateOffer(ctx context.Context, in service.CreateOfferInput) (*domain.MatchingOffer, bool, error) {
	if in.SponsorRef == "" || in.CapCents <= 0 || in.RatioPct <= 0 || in.RatioPct > 300 {
		return nil, false, fmt.Errorf("%w: sponsor_ref, cap and ratio are required", service.ErrValidation)
	}
	created, err := s.offers.InsertIfAbsent(ctx, domain.MatchingOffer{
		ID:         ids.New(),
		CampaignID: in.CampaignID,
		SponsorRef: in.SponsorRef,
		CapCents:   in.CapCents,
		RatioPct:   in.RatioPct,
	})
	if err != nil {
		return nil, false, err
	}
	stored, err := s.offers.GetBySponsor(ctx, in.CampaignID, in.SponsorRef)
	if err != nil {
		return nil, false, err
	}
	return stored, created, nil
}

// ApplyMatch allocates matching money from the campaign's oldest open offer
// to a succeeded donation.
func (s *Service) ApplyMatch(ctx context.Context, ev service.MatchRequested) error {
	matched, err := db.RunInTx(ctx, s.db, func(tx *sqlx.Tx) (int64, error) {
		offers := s.offers.WithTx(tx)
		offer, err := offers.ActiveForCampaignForUpdate(ctx, ev.CampaignID)
		if errors.Is(err, db.ErrNotFound) {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}

		amount := ev.AmountCents * int64(offer.RatioPct) / 100
		if amount > offer.RemainingCents {
			amount = offer.RemainingCents
		}
		if amount <= 0 {
			return 0, nil
		}

		alloc := domain.MatchAllocation{
			ID:          ids.Sortable(),
			OfferID:     offer.ID,
			DonationID:  ev.DonationID,
			AmountCents: amount,
		}
		if err := s.allocations.WithTx(tx).Insert(ctx, alloc); err != nil {
			return 0, err
		}
		if err := offers.DecrementRemaining(ctx, offer.ID, amount); err != nil {
			return 0, err
		}
		return amount, nil
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "match applied", "donation_id", ev.DonationID, "matched_cents", matched)
	return nil
}
