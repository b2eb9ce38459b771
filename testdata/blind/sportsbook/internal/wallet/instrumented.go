package wallet

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

type metricsService struct {
	next Service
	m    *telemetry.Metrics
}

// WithMetrics decorates s with call counters and latency histograms.
func WithMetrics(s Service, m *telemetry.Metrics) Service {
	return &metricsService{next: s, m: m}
}

func (s *metricsService) Balance(ctx context.Context, playerID string) (b Balance, err error) {
	defer s.m.Observe("wallet", "Balance", time.Now(), &err)
	return s.next.Balance(ctx, playerID)
}

func (s *metricsService) Credit(ctx context.Context, m Movement) (after int64, err error) {
	defer s.m.Observe("wallet", "Credit", time.Now(), &err)
	return s.next.Credit(ctx, m)
}

func (s *metricsService) Debit(ctx context.Context, m Movement) (after int64, err error) {
	defer s.m.Observe("wallet", "Debit", time.Now(), &err)
	return s.next.Debit(ctx, m)
}

func (s *metricsService) History(ctx context.Context, playerID string, limit int) (out []LedgerEntry, err error) {
	defer s.m.Observe("wallet", "History", time.Now(), &err)
	return s.next.History(ctx, playerID, limit)
}

type tracingService struct {
	next   Service
	tracer trace.Tracer
}

// WithTracing decorates s with spans.
func WithTracing(s Service) Service {
	return &tracingService{next: s, tracer: telemetry.Tracer("wallet")}
}

func (s *tracingService) Balance(ctx context.Context, playerID string) (Balance, error) {
	ctx, span := telemetry.Start(ctx, s.tracer, "wallet.Balance", "player.id", playerID)
	b, err := s.next.Balance(ctx, playerID)
	telemetry.End(span, err)
	return b, err
}

func (s *tracingService) Credit(ctx context.Context, m Movement) (int64, error) {
	ctx, span := telemetry.Start(ctx, s.tracer, "wallet.Credit",
		"player.id", m.PlayerID, "entry.type", m.EntryType, "ref.id", m.RefID)
	after, err := s.next.Credit(ctx, m)
	telemetry.End(span, err)
	return after, err
}

func (s *tracingService) Debit(ctx context.Context, m Movement) (int64, error) {
	ctx, span := telemetry.Start(ctx, s.tracer, "wallet.Debit",
		"player.id", m.PlayerID, "entry.type", m.EntryType, "ref.id", m.RefID)
	after, err := s.next.Debit(ctx, m)
	telemetry.End(span, err)
	return after, err
}

func (s *tracingService) History(ctx context.Context, playerID string, limit int) ([]LedgerEntry, error) {
	ctx, span := telemetry.Start(ctx, s.tracer, "wallet.History", "player.id", playerID)
	out, err := s.next.History(ctx, playerID, limit)
	telemetry.End(span, err)
	return out, err
}
