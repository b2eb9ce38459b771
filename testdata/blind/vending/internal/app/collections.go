package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// CollectionService records route drivers' cash collections and reconciles
// them against the machines' cash counters.
type CollectionService struct {
	collections CollectionRepository
	machines    MachineRepository
	counters    CounterRepository
	clock       Clock
	log         *slog.Logger
}

func NewCollectionService(collections CollectionRepository, machines MachineRepository, counters CounterRepository, clock Clock, log *slog.Logger) *CollectionService {
	return &CollectionService{collections: collections, machines: machines, counters: counters, clock: clock, log: log.With("svc", "collections")}
}

// Submit stores a collection reported by the driver app.
func (s *CollectionService) Submit(ctx context.Context, cmd domain.SubmitCollection) (domain.Collection, error) {
	if err := cmd.Validate(); err != nil {
		return domain.Collection{}, err
	}
	if _, err := s.machines.Get(ctx, cmd.MachineID); err != nil {
		return domain.Collection{}, fmt.Errorf("machine %s: %w", cmd.MachineID, err)
	}
	c := domain.Collection{
		ID:           ids.Sortable(),
		MachineID:    cmd.MachineID,
		DriverID:     cmd.DriverID,
		CountedCents: cmd.CountedCents,
		CollectedAt:  cmd.CollectedAt.UTC(),
		Status:       domain.CollectionSubmitted,
	}
	if err := s.collections.Insert(ctx, c); err != nil {
		return domain.Collection{}, fmt.Errorf("insert collection: %w", err)
	}
	return c, nil
}

func (s *CollectionService) Get(ctx context.Context, id string) (domain.Collection, error) {
	return s.collections.Get(ctx, id)
}

// Reconcile compares the counted cash with the machine's cash-in counter
// delta since the previous collection and records any variance.
func (s *CollectionService) Reconcile(ctx context.Context, id string) (domain.Collection, error) {
	c, err := s.collections.Get(ctx, id)
	if err != nil {
		return domain.Collection{}, err
	}
	if c.Status == domain.CollectionReconciled {
		return c, nil
	}
	m, err := s.machines.Get(ctx, c.MachineID)
	if err != nil {
		return domain.Collection{}, err
	}
	reading, err := s.counters.LatestAtOrBefore(ctx, c.MachineID, c.CollectedAt)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Collection{}, fmt.Errorf("no counter reading before %s: %w", c.CollectedAt, domain.ErrConflict)
	}
	if err != nil {
		return domain.Collection{}, err
	}

	expected, variance := domain.Reconcile(c, m.CashBaselineCents, reading.CashInCents)
	now := s.clock.Now()
	if variance != 0 {
		if err := s.collections.InsertVariance(ctx, domain.Variance{
			ID:           ids.New(),
			CollectionID: c.ID,
			MachineID:    c.MachineID,
			Cents:        variance,
			CreatedAt:    now,
		}); err != nil {
			return domain.Collection{}, fmt.Errorf("insert variance: %w", err)
		}
	}
	if err := s.collections.MarkReconciled(ctx, c.ID, expected, variance, now); err != nil {
		return domain.Collection{}, fmt.Errorf("mark reconciled: %w", err)
	}
	if err := s.machines.SetCashBaseline(ctx, c.MachineID, reading.CashInCents); err != nil {
		return domain.Collection{}, fmt.Errorf("move cash baseline: %w", err)
	}

	if variance != 0 {
		s.log.InfoContext(ctx, "collection variance", "collection_id", c.ID, "machine_id", c.MachineID, "variance", variance.String())
	}
	c.Status = domain.CollectionReconciled
	c.ExpectedCents = &expected
	c.VarianceCents = &variance
	c.ReconciledAt = &now
	return c, nil
}
