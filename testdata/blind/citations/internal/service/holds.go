package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/provider/dmv"
)

// HoldService places and releases DMV registration holds.
type HoldService struct {
	stores   Stores
	registry Registry
	log      *slog.Logger
}

func NewHoldService(stores Stores, registry Registry, log *slog.Logger) *HoldService {
	return &HoldService{stores: stores, registry: registry, log: log}
}

// Place puts a registration hold on the citation's plate. The hold row is
// written first and its ID is the DMV request ID, so a repeat returns the
// hold the state already placed.
func (s *HoldService) Place(ctx context.Context, citationID string) (*model.DMVHold, error) {
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.Get(ctx, citationID)
	if err != nil {
		return nil, mapNotFound(err, "citation "+citationID)
	}
	if c.Closed() || c.BalanceCents <= 0 {
		return nil, nil
	}
	h, err := repos.Holds.Ensure(ctx, c.ID, c.Plate, c.PlateState)
	if err != nil {
		return nil, err
	}
	if h.Status != model.HoldRequested {
		return h, nil
	}
	res, err := s.registry.PlaceHold(ctx, dmv.HoldRequest{
		Plate:          c.Plate,
		PlateState:     c.PlateState,
		CaseNumber:     c.CitationNumber,
		AmountDueCents: c.BalanceCents,
		RequestID:      h.ID,
	})
	if err != nil {
		return nil, fmt.Errorf("place hold for %s: %w", c.CitationNumber, err)
	}
	if err := repos.Holds.MarkPlaced(ctx, h.ID, res.HoldNumber, res.PlacedAt); err != nil {
		return nil, err
	}
	h.Status, h.StateHoldNumber, h.PlacedAt = model.HoldPlaced, &res.HoldNumber, &res.PlacedAt
	return h, nil
}

// Release lifts a placed hold. Releasing a released hold is a no-op.
func (s *HoldService) Release(ctx context.Context, holdID, reason, actor string) (*model.DMVHold, error) {
	repos := s.stores.Repos(ctx)
	h, err := repos.Holds.Get(ctx, holdID)
	if err != nil {
		return nil, mapNotFound(err, "hold "+holdID)
	}
	switch h.Status {
	case model.HoldReleased:
		return h, nil
	case model.HoldRequested:
		return nil, conflict("hold %s has not been placed yet", holdID)
	}
	if err := s.registry.ReleaseHold(ctx, *h.StateHoldNumber, reason, "release-"+h.ID); err != nil {
		return nil, fmt.Errorf("release hold %s: %w", *h.StateHoldNumber, err)
	}
	released, err := repos.Holds.MarkReleased(ctx, h.ID, reason)
	if err != nil {
		return nil, err
	}
	if released {
		if err := repos.Citations.AppendEvent(ctx, h.CitationID, "hold_released", reason, actor); err != nil {
			return nil, err
		}
	}
	return repos.Holds.Get(ctx, holdID)
}

// ReconcileReleases releases holds left on citations that were paid,
// voided or dismissed. It returns how many it released.
func (s *HoldService) ReconcileReleases(ctx context.Context, batch int) (int, error) {
	repos := s.stores.Repos(ctx)
	holds, err := repos.Holds.PlacedOnClosedCitations(ctx, batch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, h := range holds {
		if _, err := s.Release(ctx, h.ID, "balance satisfied", "reconcile"); err != nil {
			s.log.Error("release hold", "hold", h.ID, "err", err)
			continue
		}
		n++
	}
	return n, nil
}
