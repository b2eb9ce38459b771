package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/store"
)

// CreateListingInput is the body of a new listing.
type CreateListingInput struct {
	Title          string `json:"title"`
	Description    string `json:"description"`
	Category       string `json:"category"`
	DailyRateCents int64  `json:"daily_rate_cents"`
	DepositCents   int64  `json:"deposit_cents"`
	Currency       string `json:"currency"`
}

// Listings manages listings and availability.
type Listings interface {
	Create(ctx context.Context, ownerID, idempotencyKey string, in CreateListingInput) (domain.Listing, error)
	PlaceHolds(ctx context.Context, listingID, bookingID, renterID string) ([]domain.Hold, error)
	ActivateOwnerListings(ctx context.Context, ownerID string) (int64, error)
}

type listingService struct {
	uow   store.UnitOfWork
	repos store.Repos
	clock Clock
	cfg   *config.Config
	log   *slog.Logger
}

// NewListings builds the listing service.
func NewListings(uow store.UnitOfWork, repos store.Repos, clock Clock, cfg *config.Config, log *slog.Logger) Listings {
	return &listingService{uow: uow, repos: repos, clock: clock, cfg: cfg, log: log}
}

const scopeListingCreate = "listings.create"

func (s *listingService) Create(ctx context.Context, ownerID, key string, in CreateListingInput) (domain.Listing, error) {
	hash := requestHash(in)
	scopedKey := ownerID + ":" + key
	var out domain.Listing
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		owner, err := r.Users.Get(ctx, ownerID)
		if err != nil {
			return err
		}
		claimed, rec, err := r.Idempotency.Claim(ctx, scopeListingCreate, scopedKey, hash)
		if err != nil {
			if errors.Is(err, store.ErrIdempotencyMismatch) {
				return fmt.Errorf("%w: %v", domain.ErrConflict, err)
			}
			return err
		}
		if !claimed {
			if !rec.ResourceID.Valid {
				return domain.ErrConflict
			}
			out, err = r.Listings.Get(ctx, rec.ResourceID.String)
			return err
		}

		status := domain.ListingActive
		if owner.KYCStatus != domain.KYCApproved {
			status = domain.ListingPendingKYC
		}
		currency := in.Currency
		if currency == "" {
			currency = s.cfg.PlatformCurrency
		}
		out = domain.Listing{
			ID:             ids.NewUUID(),
			OwnerID:        ownerID,
			Title:          in.Title,
			Description:    in.Description,
			Category:       in.Category,
			DailyRateCents: in.DailyRateCents,
			DepositCents:   in.DepositCents,
			Currency:       currency,
			Status:         status,
			CreatedAt:      s.clock.Now(),
		}
		if err := r.Listings.Insert(ctx, out); err != nil {
			return err
		}
		return r.Idempotency.Complete(ctx, scopeListingCreate, scopedKey, out.ID)
	})
	return out, err
}

// PlaceHolds reserves every day of a booking request on the listing's
// calendar until the owner answers or the hold expires.
func (s *listingService) PlaceHolds(ctx context.Context, listingID, bookingID, renterID string) ([]domain.Hold, error) {
	var holds []domain.Hold
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		b, err := r.Bookings.Get(ctx, bookingID)
		if err != nil {
			return err
		}
		if b.ListingID != listingID || b.RenterID != renterID {
			return domain.ErrForbidden
		}
		if b.Status != domain.BookingRequested {
			return domain.ErrInvalidState
		}
		now := s.clock.Now()
		expires := now.Add(s.cfg.HoldTTL)
		for _, d := range domain.DaysBetween(b.StartDay, b.EndDay) {
			h := domain.Hold{
				ID:        ids.NewUUID(),
				ListingID: listingID,
				Day:       d,
				BookingID: bookingID,
				ExpiresAt: expires,
				CreatedAt: now,
			}
			if err := r.Holds.Insert(ctx, h); err != nil {
				if store.IsDuplicateKey(err) {
					return fmt.Errorf("%w: %s", domain.ErrDatesUnavailable, d.Format("2006-01-02"))
				}
				return err
			}
			holds = append(holds, h)
		}
		return nil
	})
	return holds, err
}

func (s *listingService) ActivateOwnerListings(ctx context.Context, ownerID string) (int64, error) {
	return s.repos.Listings.ActivateForOwner(ctx, ownerID)
}
