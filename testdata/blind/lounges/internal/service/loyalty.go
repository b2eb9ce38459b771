package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/events"
	"github.com/aerolounge/loungepass/internal/tasks"
)

type LoyaltyService interface {
	RequestResend(ctx context.Context, p tasks.LoyaltyResendPayload) (bool, error)
	ResendVisits(ctx context.Context, p tasks.LoyaltyResendPayload) (int, error)
	RelayOutbox(ctx context.Context) (int, error)
}

type loyaltyService struct {
	catalog   Catalog
	visits    VisitStore
	outbox    OutboxStore
	publisher EventPublisher
	queue     TaskQueue
	now       NowFunc
	log       *slog.Logger
	pageSize  int
}

func NewLoyaltyService(catalog Catalog, visits VisitStore, outbox OutboxStore, pub EventPublisher, queue TaskQueue, now NowFunc, log *slog.Logger) LoyaltyService {
	return &loyaltyService{catalog: catalog, visits: visits, outbox: outbox, publisher: pub, queue: queue, now: now, log: log, pageSize: 200}
}

// RequestResend schedules a backfill of visit events to the loyalty partner,
// used after the partner reports a gap on their side.
func (s *loyaltyService) RequestResend(ctx context.Context, p tasks.LoyaltyResendPayload) (bool, error) {
	if p.From.IsZero() || !p.To.After(p.From) {
		return false, fmt.Errorf("from must be before to: %w", domain.ErrValidation)
	}
	if p.To.Sub(p.From) > 31*24*time.Hour {
		return false, fmt.Errorf("resend window is limited to 31 days: %w", domain.ErrValidation)
	}
	if p.LoungeCode != "" {
		if _, err := s.catalog.LoungeByCode(ctx, p.LoungeCode); err != nil {
			return false, err
		}
	}
	return s.queue.EnqueueLoyaltyResend(ctx, p)
}

// ResendVisits republishes visit.started for every visit in the window.
func (s *loyaltyService) ResendVisits(ctx context.Context, p tasks.LoyaltyResendPayload) (int, error) {
	var loungeID *uuid.UUID
	if p.LoungeCode != "" {
		l, err := s.catalog.LoungeByCode(ctx, p.LoungeCode)
		if err != nil {
			return 0, err
		}
		loungeID = &l.ID
	}
	sent := 0
	after := uuid.Nil
	for {
		page, err := s.visits.ListRange(ctx, loungeID, p.From, p.To, after, s.pageSize)
		if err != nil {
			return sent, err
		}
		if len(page) == 0 {
			break
		}
		envs := make([]events.Envelope, 0, len(page))
		for _, v := range page {
			env, err := events.NewVisitEnvelope(events.TypeVisitStarted, v, v.EnteredAt)
			if err != nil {
				return sent, err
			}
			envs = append(envs, env)
		}
		if err := s.publisher.Publish(ctx, envs...); err != nil {
			return sent, err
		}
		sent += len(envs)
		after = page[len(page)-1].ID
	}
	s.log.InfoContext(ctx, "loyalty resend done", "from", p.From, "to", p.To, "lounge", p.LoungeCode, "events", sent)
	return sent, nil
}

// RelayOutbox publishes pending outbox rows and marks them published. A crash
// between the two republishes the batch with the same event IDs, which the
// partner drops.
func (s *loyaltyService) RelayOutbox(ctx context.Context) (int, error) {
	rows, err := s.outbox.ListUnpublished(ctx, s.pageSize)
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	envs := make([]events.Envelope, 0, len(rows))
	ids := make([]uuid.UUID, 0, len(rows))
	for _, r := range rows {
		envs = append(envs, events.FromOutbox(r))
		ids = append(ids, r.ID)
	}
	if err := s.publisher.Publish(ctx, envs...); err != nil {
		return 0, err
	}
	if err := s.outbox.MarkPublished(ctx, ids, s.now()); err != nil {
		return 0, fmt.Errorf("mark outbox published: %w", err)
	}
	return len(rows), nil
}
