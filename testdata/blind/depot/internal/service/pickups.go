package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/store"
)

// PickupService books carrier collections at the outbound docks.
type PickupService struct {
	base
	shipping *store.ShippingRepo
	carrier  carrier.API
	name     string
	site     string
}

// NewPickupService builds the service; site is the carrier's location code
// for this warehouse.
func NewPickupService(r *store.Repos, c carrier.API, name, site string, opts ...Option) *PickupService {
	return &PickupService{base: newBase(opts), shipping: r.Shipping, carrier: c, name: name, site: site}
}

// PickupInput is a dock supervisor's request for a collection.
type PickupInput struct {
	Dock        string `json:"dock"`
	Date        string `json:"date"`
	WindowStart string `json:"window_start"`
	WindowEnd   string `json:"window_end"`
	Pallets     int    `json:"pallets"`
}

// Schedule books a pickup for a dock and day, returning the existing
// booking if there already is one.
func (s *PickupService) Schedule(ctx context.Context, in PickupInput) (domain.Pickup, error) {
	day, err := time.Parse(time.DateOnly, in.Date)
	if err != nil {
		return domain.Pickup{}, fmt.Errorf("%w: date must be YYYY-MM-DD", domain.ErrValidation)
	}
	if in.Dock == "" || in.WindowStart == "" || in.WindowEnd == "" {
		return domain.Pickup{}, fmt.Errorf("%w: dock and window are required", domain.ErrValidation)
	}
	existing, err := s.shipping.GetPickup(ctx, s.name, in.Dock, day)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return domain.Pickup{}, err
	}

	booking, err := s.carrier.BookPickup(ctx, carrier.PickupRequest{
		Location:  s.site + "/" + in.Dock,
		Date:      in.Date,
		ReadyTime: in.WindowStart,
		CloseTime: in.WindowEnd,
		Pallets:   in.Pallets,
	})
	if err != nil {
		return domain.Pickup{}, fmt.Errorf("book pickup %s %s: %w", in.Dock, in.Date, err)
	}
	p := domain.Pickup{
		ID: "pu_" + s.ids.New(), Carrier: s.name, Dock: in.Dock, PickupDate: day,
		WindowStart: in.WindowStart, WindowEnd: in.WindowEnd, Pallets: in.Pallets,
		Confirmation: booking.Confirmation,
	}
	if err := s.shipping.InsertPickup(ctx, p); err != nil {
		return p, err
	}
	return s.shipping.GetPickup(ctx, s.name, in.Dock, day)
}
