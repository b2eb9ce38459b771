// Package tier promotes members when their lifetime points cross a tier
// threshold.
package tier

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
)

type MemberRepository interface {
	GetByExternalRef(ctx context.Context, ref string) (db.Member, error)
	SetTier(ctx context.Context, id uuid.UUID, tier domain.Tier) error
}

type HistoryRepository interface {
	Append(ctx context.Context, memberID uuid.UUID, from, to domain.Tier, reason string) error
}

type LedgerRepository interface {
	Post(ctx context.Context, memberID uuid.UUID, delta int64, kind, ref, note string) (bool, error)
}

type Service struct {
	members MemberRepository
	history HistoryRepository
	ledger  LedgerRepository
	policy  domain.TierPolicy
	log     *slog.Logger
}

func NewService(m MemberRepository, h HistoryRepository, l LedgerRepository, policy domain.TierPolicy, log *slog.Logger) *Service {
	return &Service{members: m, history: h, ledger: l, policy: policy, log: log}
}

// Evaluate re-computes the member's tier after a purchase and, on an upgrade,
// records the change and credits the upgrade bonus.
func (s *Service) Evaluate(ctx context.Context, customerRef, trigger string) error {
	member, err := s.members.GetByExternalRef(ctx, customerRef)
	if err != nil {
		return err
	}
	current := domain.Tier(member.Tier)
	target := s.policy.For(member.LifetimePoints)
	if !target.Tier.Above(current) {
		return nil
	}

	if err := s.members.SetTier(ctx, member.ID, target.Tier); err != nil {
		return fmt.Errorf("set tier: %w", err)
	}
	if err := s.history.Append(ctx, member.ID, current, target.Tier, trigger); err != nil {
		return fmt.Errorf("tier history: %w", err)
	}
	if target.UpgradeBonus > 0 {
		ref := fmt.Sprintf("tier-bonus:%s:%s", member.ID, target.Tier)
		if _, err := s.ledger.Post(ctx, member.ID, target.UpgradeBonus, "tier_bonus", ref,
			"welcome to "+string(target.Tier)); err != nil {
			return fmt.Errorf("tier bonus: %w", err)
		}
	}
	s.log.InfoContext(ctx, "member upgraded", "member_id", member.ID, "from", current, "to", target.Tier)
	return nil
}
