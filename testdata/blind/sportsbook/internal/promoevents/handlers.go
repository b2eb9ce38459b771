// Package promoevents consumes promotion-engine and player lifecycle events.
package promoevents

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/kickoffbet/sportsbook/internal/consumer"
	"github.com/kickoffbet/sportsbook/internal/promo"
	"github.com/kickoffbet/sportsbook/internal/providers/notify"
)

type (
	freeBetAwarded struct {
		AwardID      string `json:"award_id"`
		PlayerID     string `json:"player_id"`
		CampaignID   string `json:"campaign_id"`
		Amount       int64  `json:"amount"`
		ValidForDays int    `json:"valid_for_days"`
	}
	depositMatchAwarded struct {
		PlayerID      string `json:"player_id"`
		CampaignID    string `json:"campaign_id"`
		DepositID     string `json:"deposit_id"`
		DepositAmount int64  `json:"deposit_amount"`
		MatchPercent  int64  `json:"match_percent"`
		MaxBonus      int64  `json:"max_bonus"`
		Wagering      int64  `json:"wagering_multiplier"`
		ValidForDays  int    `json:"valid_for_days"`
	}
	playerRegistered struct {
		PlayerID string `json:"player_id"`
		Country  string `json:"country"`
		Locale   string `json:"locale"`
		Name     string `json:"first_name"`
	}
	bonusRevoked struct {
		BonusID string `json:"bonus_id"`
		Reason  string `json:"reason"`
	}
)

// Promotions is the promo.Service surface used here.
type Promotions interface {
	AwardFreeBet(ctx context.Context, a promo.FreeBetAward) error
	CreditDepositMatch(ctx context.Context, m promo.DepositMatch) (*promo.Bonus, error)
	GrantWelcome(ctx context.Context, playerID string, w promo.Welcome) (bool, error)
	Revoke(ctx context.Context, eventID, bonusID, reason string) (bool, error)
}

// Handlers holds the promotion handlers.
type Handlers struct {
	Promo    Promotions
	Notifier notify.Notifier
	Welcome  promo.Welcome
	Log      *slog.Logger
}

// Registry returns the handler table keyed by event type.
func (h *Handlers) Registry() consumer.Registry {
	return consumer.Registry{
		"freebet.awarded":       consumer.Typed(h.onFreeBetAwarded),
		"deposit.match.awarded": consumer.Typed(h.onDepositMatch),
		"player.registered":     consumer.Typed(h.onPlayerRegistered),
		"bonus.revoked":         consumer.Typed(h.onBonusRevoked),
	}
}

func days(n int) time.Duration {
	if n <= 0 {
		n = 7
	}
	return time.Duration(n) * 24 * time.Hour
}

func (h *Handlers) onFreeBetAwarded(ctx context.Context, evt consumer.Event, p freeBetAwarded) error {
	if p.AwardID == "" || p.Amount <= 0 {
		return consumer.Permanent(errors.New("freebet.awarded: missing award id or amount"))
	}
	return h.Promo.AwardFreeBet(ctx, promo.FreeBetAward{
		AwardID:    p.AwardID,
		PlayerID:   p.PlayerID,
		CampaignID: p.CampaignID,
		Amount:     p.Amount,
		ValidFor:   days(p.ValidForDays),
	})
}

func (h *Handlers) onDepositMatch(ctx context.Context, evt consumer.Event, p depositMatchAwarded) error {
	b, err := h.Promo.CreditDepositMatch(ctx, promo.DepositMatch{
		PlayerID:     p.PlayerID,
		CampaignID:   p.CampaignID,
		DepositID:    p.DepositID,
		DepositAmt:   p.DepositAmount,
		MatchPercent: p.MatchPercent,
		MaxBonus:     p.MaxBonus,
		Wagering:     p.Wagering,
		ValidFor:     days(p.ValidForDays),
	})
	if err != nil {
		return err
	}
	if b != nil {
		h.Log.Info("deposit match credited", "player", p.PlayerID, "bonus", b.ID, "amount", b.Amount)
	}
	return nil
}

func (h *Handlers) onPlayerRegistered(ctx context.Context, evt consumer.Event, p playerRegistered) error {
	if err := h.Notifier.SendPush(ctx, notify.Push{
		PlayerID: p.PlayerID,
		Title:    "Welcome, " + p.Name + "!",
		Body:     "Your welcome bonus is waiting in your wallet.",
		Data:     map[string]string{"screen": "wallet"},
	}); err != nil {
		return err
	}
	granted, err := h.Promo.GrantWelcome(ctx, p.PlayerID, h.Welcome)
	if err != nil {
		return err
	}
	h.Log.Info("welcome offer processed", "player", p.PlayerID, "granted", granted)
	return nil
}

func (h *Handlers) onBonusRevoked(ctx context.Context, evt consumer.Event, p bonusRevoked) error {
	_, err := h.Promo.Revoke(ctx, evt.ID, p.BonusID, p.Reason)
	return err
}
