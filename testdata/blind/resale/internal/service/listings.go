// Package service holds the marketplace's business operations. Transports
// (HTTP, Kafka, asynq) call the interfaces here; implementations reach the
// database through repositories and the outside world through providers.
package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/provider/promoter"
	"github.com/encorelane/resale/internal/repository"
)

type ListingService interface {
	// Create verifies the tickets with the promoter and puts them on sale.
	Create(ctx context.Context, l *domain.Listing) (*domain.Listing, error)
	Get(ctx context.Context, id string) (*domain.Listing, error)
	Cancel(ctx context.Context, sellerID, listingID string) error
}

type listingService struct {
	listings repository.ListingRepository
	events   repository.EventRepository
	promoter promoter.Client
	maxSeats int
}

func NewListingService(listings repository.ListingRepository, events repository.EventRepository, pc promoter.Client) ListingService {
	return &listingService{listings: listings, events: events, promoter: pc, maxSeats: 8}
}

func (s *listingService) Create(ctx context.Context, l *domain.Listing) (*domain.Listing, error) {
	if err := s.validate(l); err != nil {
		return nil, err
	}
	ev, err := s.events.Get(ctx, l.EventID)
	if err != nil {
		return nil, err
	}
	if ev.Status == "cancelled" || ev.CompletedAt != nil {
		return nil, fmt.Errorf("%w: event is not on sale", domain.ErrInvalid)
	}
	statuses, err := s.promoter.VerifyTickets(ctx, ev.PromoterEventID, l.Barcodes)
	if err != nil {
		return nil, err
	}
	for _, st := range statuses {
		if !st.Valid {
			return nil, fmt.Errorf("%w: barcode %s is not valid", domain.ErrInvalid, st.Barcode)
		}
	}
	l.Status = domain.ListingActive
	l.Currency = strings.ToUpper(l.Currency)
	if err := s.listings.Create(ctx, l); err != nil {
		return nil, err
	}
	return l, nil
}

func (s *listingService) validate(l *domain.Listing) error {
	switch {
	case l.SellerID == "":
		return fmt.Errorf("%w: seller required", domain.ErrInvalid)
	case l.PriceCents <= 0:
		return fmt.Errorf("%w: price must be positive", domain.ErrInvalid)
	case len(l.Barcodes) == 0 || len(l.Barcodes) > s.maxSeats:
		return fmt.Errorf("%w: between 1 and %d tickets per listing", domain.ErrInvalid, s.maxSeats)
	case len(l.Seats) != len(l.Barcodes):
		return fmt.Errorf("%w: one seat per barcode", domain.ErrInvalid)
	}
	return nil
}

func (s *listingService) Get(ctx context.Context, id string) (*domain.Listing, error) {
	return s.listings.Get(ctx, id)
}

func (s *listingService) Cancel(ctx context.Context, sellerID, listingID string) error {
	ok, err := s.listings.Cancel(ctx, listingID, sellerID)
	if err != nil {
		return err
	}
	if !ok {
		l, err := s.listings.Get(ctx, listingID)
		if err != nil {
			return err
		}
		if l.SellerID != sellerID {
			return domain.ErrForbidden
		}
		if l.Status == domain.ListingCancelled {
			return nil
		}
		return fmt.Errorf("%w: listing is %s", domain.ErrConflict, l.Status)
	}
	return nil
}
