// Package disposal coordinates loads with the landfill partner: manifests
// and tip-slot bookings.
package disposal

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/providers/disposal"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the load coordination surface.
type Service interface {
	SubmitManifest(ctx context.Context, loadID, actor string) (ManifestResult, error)
	BookSlot(ctx context.Context, loadID string) error
}

// Partner is the subset of the Ridgeline client used here.
type Partner interface {
	SubmitManifest(ctx context.Context, req disposal.ManifestRequest) (*disposal.ManifestReceipt, error)
	BookSlot(ctx context.Context, req disposal.SlotRequest, opts ...disposal.CallOption) (*disposal.SlotBooking, error)
}

// ManifestResult is returned to the dispatcher.
type ManifestResult struct {
	LoadID     string `json:"load_id"`
	ManifestNo string `json:"manifest_no"`
	FeeCents   int64  `json:"fee_cents"`
}

// Window is how far ahead of departure a slot may start.
type Window struct {
	Lead  time.Duration
	Width time.Duration
}

type service struct {
	db        *store.DB
	loads     store.Loads
	routes    store.Routes
	partner   Partner
	generator string
	window    Window
	log       *slog.Logger
}

// New returns the disposal coordination service.
func New(db *store.DB, loads store.Loads, routes store.Routes, partner Partner, generator string, log *slog.Logger) Service {
	return &service{
		db:        db,
		loads:     loads,
		routes:    routes,
		partner:   partner,
		generator: generator,
		window:    Window{Lead: 90 * time.Minute, Width: 3 * time.Hour},
		log:       log,
	}
}

func (s *service) SubmitManifest(ctx context.Context, loadID, actor string) (ManifestResult, error) {
	l, err := s.loads.Get(ctx, s.db.Q(), loadID)
	if err != nil {
		return ManifestResult{}, err
	}
	if l.Status == "manifested" || l.Status == "delivered" {
		return ManifestResult{}, fmt.Errorf("load %s already %s: %w", l.ID, l.Status, store.ErrConflict)
	}
	route, err := s.routes.Get(ctx, s.db.Q(), l.RouteID)
	if err != nil {
		return ManifestResult{}, err
	}

	rec, err := s.partner.SubmitManifest(ctx, disposal.ManifestRequest{
		SiteCode:  l.LandfillCode,
		TruckID:   l.TruckID,
		Material:  l.Material,
		EstTons:   l.EstTons,
		Generator: s.generator,
		DepartsAt: route.ServiceDate.Add(6 * time.Hour),
	})
	if err != nil {
		return ManifestResult{}, fmt.Errorf("submit manifest: %w", err)
	}

	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.loads.InsertManifest(ctx, tx, store.Manifest{
			ID:                idgen.New(),
			LoadID:            l.ID,
			PartnerManifestNo: rec.ManifestNo,
			SubmittedBy:       actor,
		}); err != nil {
			return err
		}
		return s.loads.SetStatus(ctx, tx, l.ID, "manifested")
	})
	if err != nil {
		return ManifestResult{}, err
	}
	return ManifestResult{LoadID: l.ID, ManifestNo: rec.ManifestNo, FeeCents: rec.FeeCents}, nil
}

func (s *service) BookSlot(ctx context.Context, loadID string) error {
	l, err := s.loads.Get(ctx, s.db.Q(), loadID)
	if err != nil {
		return err
	}
	if l.SlotBookingID != nil {
		return nil
	}
	route, err := s.routes.Get(ctx, s.db.Q(), l.RouteID)
	if err != nil {
		return err
	}
	earliest := route.ServiceDate.Add(7*time.Hour + time.Duration(l.TripNo-1)*s.window.Width)

	booking, err := s.partner.BookSlot(ctx, disposal.SlotRequest{
		SiteCode:    l.LandfillCode,
		TruckID:     l.TruckID,
		Material:    l.Material,
		EstTons:     l.EstTons,
		EarliestAt:  earliest,
		LatestAt:    earliest.Add(s.window.Width),
		ExternalRef: l.ID,
	})
	if err != nil {
		return fmt.Errorf("book slot: %w", err)
	}
	s.log.InfoContext(ctx, "tip slot booked", "load", l.ID, "booking", booking.ID, "starts", booking.StartsAt)
	return s.loads.SetSlot(ctx, s.db.Q(), l.ID, booking.ID, booking.StartsAt)
}
