package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/repository"
)

// SettlementService closes the books on finished events: it groups their
// delivered orders into a settlement batch that finance reconciles against
// the Tillpoint and Paystream statements.
type SettlementService interface {
	CloseDue(ctx context.Context) error
}

type settlementService struct {
	uow    repository.UnitOfWork
	events repository.EventRepository
	log    *slog.Logger
	delay  time.Duration
	now    func() time.Time
}

func NewSettlementService(uow repository.UnitOfWork, events repository.EventRepository, log *slog.Logger, delay time.Duration) SettlementService {
	return &settlementService{uow: uow, events: events, log: log, delay: delay, now: time.Now}
}

func (s *settlementService) CloseDue(ctx context.Context) error {
	due, err := s.events.ListAwaitingSettlement(ctx, s.now().Add(-s.delay))
	if err != nil {
		return err
	}
	for _, ev := range due {
		if err := s.closeEvent(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

func (s *settlementService) closeEvent(ctx context.Context, ev domain.Event) error {
	var batch *domain.SettlementBatch
	err := s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		totals, err := r.Orders.SettlementTotals(ctx, ev.ID)
		if err != nil {
			return err
		}
		if totals.OrderCount == 0 {
			return nil
		}
		batch = &domain.SettlementBatch{
			ID:         ids.Timestamped("stl"),
			EventID:    ev.ID,
			OrderCount: totals.OrderCount,
			GrossCents: totals.GrossCents,
			FeeCents:   totals.FeeCents,
		}
		if err := r.Settlements.Create(ctx, batch); err != nil {
			return err
		}
		_, err = r.Orders.AssignBatch(ctx, ev.ID, batch.ID)
		return err
	})
	if err != nil {
		return err
	}
	if batch != nil {
		s.log.InfoContext(ctx, "settlement batch created", "batch_id", batch.ID, "event_id", ev.ID,
			"orders", batch.OrderCount, "gross_cents", batch.GrossCents)
	}
	return s.events.MarkSettled(ctx, ev.ID)
}
