// Package landings records catch landed at designated ports and books it
// against the vessel's quota.
package landings

import (
	"context"
	"fmt"
	"strings"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/refs"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

type Service struct {
	uow      ports.UnitOfWork
	vessels  ports.VesselRepository
	landings ports.LandingRepository
	lots     ports.CatchLotRepository
	holdings ports.HoldingRepository
	outbox   ports.OutboxRepository
	queue    ports.TaskQueue
}

func New(
	uow ports.UnitOfWork,
	vessels ports.VesselRepository,
	landings ports.LandingRepository,
	lots ports.CatchLotRepository,
	holdings ports.HoldingRepository,
	outbox ports.OutboxRepository,
	queue ports.TaskQueue,
) *Service {
	return &Service{uow: uow, vessels: vessels, landings: landings, lots: lots, holdings: holdings, outbox: outbox, queue: queue}
}

// build turns a declaration into a landing with IDs derived from the port's
// declaration number.
func (s *Service) build(ctx context.Context, in ports.DeclareLandingInput, source string) (*domain.Landing, error) {
	if in.PortCode == "" || in.DeclarationNo == "" {
		return nil, fmt.Errorf("landings: port code and declaration number are required")
	}
	if len(in.Lines) == 0 {
		return nil, fmt.Errorf("landings: declaration %s has no lines", in.DeclarationNo)
	}
	vessel, err := s.vessels.GetByRegistration(ctx, strings.ToUpper(in.VesselRegNo))
	if err != nil {
		return nil, fmt.Errorf("landings: vessel %s: %w", in.VesselRegNo, err)
	}
	l := &domain.Landing{
		ID:            refs.LandingID(in.PortCode, in.DeclarationNo),
		PortCode:      strings.ToUpper(in.PortCode),
		DeclarationNo: strings.TrimSpace(in.DeclarationNo),
		VesselID:      vessel.ID,
		TripID:        in.TripID,
		LandedAt:      in.LandedAt.UTC(),
		Source:        source,
	}
	for i, ln := range in.Lines {
		if ln.WeightKg <= 0 {
			return nil, fmt.Errorf("landings: line %d: weight must be positive", i+1)
		}
		presentation := ln.Presentation
		if presentation == "" {
			presentation = "WHL"
		}
		l.Lines = append(l.Lines, domain.LandingLine{
			ID:           refs.LandingLineID(l.ID, i),
			LandingID:    l.ID,
			Species:      strings.ToUpper(ln.Species),
			Area:         strings.ToUpper(ln.Area),
			Presentation: presentation,
			WeightKg:     ln.WeightKg,
		})
	}
	return l, nil
}

// Declare records a landing keyed in at a port terminal. The terminal
// resends on timeout; a declaration number already on file returns the
// stored landing.
func (s *Service) Declare(ctx context.Context, in ports.DeclareLandingInput) (*domain.Landing, error) {
	l, err := s.build(ctx, in, domain.SourcePortTerminal)
	if err != nil {
		return nil, err
	}

	var created bool
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		var err error
		if created, err = s.landings.InsertDeclared(ctx, l); err != nil || !created {
			return err
		}
		return s.lots.CreateForLanding(ctx, l)
	})
	if err != nil {
		return nil, fmt.Errorf("landings: store %s/%s: %w", l.PortCode, l.DeclarationNo, err)
	}
	if !created {
		return s.landings.Get(ctx, l.ID)
	}

	for _, ln := range l.Lines {
		if err := s.holdings.Consume(ctx, l.VesselID, ln.Species, ln.Area, l.Season(), ln.WeightKg); err != nil {
			return nil, fmt.Errorf("landings: book %s against quota: %w", ln.Species, err)
		}
	}

	err = s.queue.Enqueue(ctx, ports.Job{
		Type:    tasks.TypeLandingFee,
		Payload: tasks.LandingFeePayload{LandingID: l.ID},
		Key:     "landing-fee:" + l.ID.String(),
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// Ingest records a landing published by a port's own landing system on
// the port.landings topic.
func (s *Service) Ingest(ctx context.Context, in ports.DeclareLandingInput) error {
	l, err := s.build(ctx, in, domain.SourcePortSystem)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.landings.Create(ctx, l); err != nil {
			return fmt.Errorf("landings: insert %s/%s: %w", l.PortCode, l.DeclarationNo, err)
		}
		if err := s.lots.CreateForLanding(ctx, l); err != nil {
			return err
		}
		for _, ln := range l.Lines {
			if err := s.holdings.Consume(ctx, l.VesselID, ln.Species, ln.Area, l.Season(), ln.WeightKg); err != nil {
				return err
			}
		}
		return s.outbox.Add(ctx, tasks.TypeLandingFee, tasks.LandingFeePayload{LandingID: l.ID})
	})
}
