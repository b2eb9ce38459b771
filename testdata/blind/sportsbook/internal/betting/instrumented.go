package betting

import (
	"context"
	"time"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

type metricsService struct {
	next Service
	m    *telemetry.Metrics
}

// WithMetrics decorates s with call metrics.
func WithMetrics(s Service, m *telemetry.Metrics) Service { return &metricsService{next: s, m: m} }

func (s *metricsService) PlaceBet(ctx context.Context, in PlaceBetInput) (b *Bet, err error) {
	defer s.m.Observe("betting", "PlaceBet", time.Now(), &err)
	return s.next.PlaceBet(ctx, in)
}

func (s *metricsService) CancelBet(ctx context.Context, playerID, betID string) (b *Bet, err error) {
	defer s.m.Observe("betting", "CancelBet", time.Now(), &err)
	return s.next.CancelBet(ctx, playerID, betID)
}

func (s *metricsService) CashOut(ctx context.Context, in CashOutInput) (r *CashOutResult, err error) {
	defer s.m.Observe("betting", "CashOut", time.Now(), &err)
	return s.next.CashOut(ctx, in)
}

func (s *metricsService) VoidBet(ctx context.Context, betID, operator, reason string) (b *Bet, err error) {
	defer s.m.Observe("betting", "VoidBet", time.Now(), &err)
	return s.next.VoidBet(ctx, betID, operator, reason)
}
