// Package results consumes the odds and results feed and drives settlement.
package results

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/consumer"
)

// Feed payloads.
type (
	marketSettled struct {
		MarketID         string `json:"market_id"`
		WinningSelection string `json:"winning_selection"`
		Seq              int64  `json:"seq"`
	}
	eventCancelled struct {
		EventID string `json:"event_id"`
		Reason  string `json:"reason"`
	}
	resultCorrected struct {
		CorrectionID     string `json:"correction_id"`
		MarketID         string `json:"market_id"`
		WinningSelection string `json:"winning_selection"`
		Seq              int64  `json:"seq"`
	}
	rule4Deduction struct {
		MarketID  string `json:"market_id"`
		Percent   int64  `json:"percent"`
		Withdrawn string `json:"withdrawn_runner"`
	}
	oddsChanged struct {
		MarketID string `json:"market_id"`
		Seq      int64  `json:"seq"`
		Prices   []struct {
			SelectionID string `json:"selection_id"`
			PriceMilli  int64  `json:"price_milli"`
		} `json:"prices"`
	}
)

// Settlement is the part of betting.Settler the handlers use.
type Settlement interface {
	SettleMarket(ctx context.Context, r betting.MarketResult) (int, error)
	VoidEvent(ctx context.Context, eventID, reason string) (int, error)
	CorrectResult(ctx context.Context, c betting.Correction) (int, error)
	ApplyDeduction(ctx context.Context, d betting.Deduction) (int, error)
	UpdateOdds(ctx context.Context, u betting.OddsUpdate) (bool, error)
}

// Handlers holds the feed handlers.
type Handlers struct {
	Settlement Settlement
	Log        *slog.Logger
}

// Registry returns the handler table keyed by feed event type.
func (h *Handlers) Registry() consumer.Registry {
	return consumer.Registry{
		"market.settled":   consumer.Typed(h.onMarketSettled),
		"event.cancelled":  consumer.Typed(h.onEventCancelled),
		"result.corrected": consumer.Typed(h.onResultCorrected),
		"rule4.deduction":  consumer.Typed(h.onRule4),
		"odds.changed":     consumer.Typed(h.onOddsChanged),
	}
}

func (h *Handlers) onMarketSettled(ctx context.Context, evt consumer.Event, p marketSettled) error {
	if p.MarketID == "" || p.WinningSelection == "" {
		return consumer.Permanent(errors.New("market.settled without market or winner"))
	}
	n, err := h.Settlement.SettleMarket(ctx, betting.MarketResult{
		MarketID:         p.MarketID,
		WinningSelection: p.WinningSelection,
		Seq:              p.Seq,
	})
	if err != nil {
		return err
	}
	h.Log.Info("market settled", "market", p.MarketID, "bets", n)
	return nil
}

func (h *Handlers) onEventCancelled(ctx context.Context, evt consumer.Event, p eventCancelled) error {
	if p.EventID == "" {
		return consumer.Permanent(errors.New("event.cancelled without event id"))
	}
	_, err := h.Settlement.VoidEvent(ctx, p.EventID, p.Reason)
	return err
}

func (h *Handlers) onResultCorrected(ctx context.Context, evt consumer.Event, p resultCorrected) error {
	id := p.CorrectionID
	if id == "" {
		id = evt.ID
	}
	n, err := h.Settlement.CorrectResult(ctx, betting.Correction{
		CorrectionID:     id,
		MarketID:         p.MarketID,
		WinningSelection: p.WinningSelection,
		Seq:              p.Seq,
	})
	if err != nil {
		return err
	}
	h.Log.Info("result corrected", "market", p.MarketID, "changed", n)
	return nil
}

func (h *Handlers) onRule4(ctx context.Context, evt consumer.Event, p rule4Deduction) error {
	if p.Percent <= 0 {
		return consumer.Permanent(fmt.Errorf("rule4 deduction %s: percent %d", evt.ID, p.Percent))
	}
	_, err := h.Settlement.ApplyDeduction(ctx, betting.Deduction{
		EventID:  evt.ID,
		MarketID: p.MarketID,
		Percent:  p.Percent,
		Reason:   "rule4: " + p.Withdrawn,
	})
	return err
}

func (h *Handlers) onOddsChanged(ctx context.Context, evt consumer.Event, p oddsChanged) error {
	for _, pr := range p.Prices {
		if _, err := h.Settlement.UpdateOdds(ctx, betting.OddsUpdate{
			MarketID:    p.MarketID,
			SelectionID: pr.SelectionID,
			PriceMilli:  pr.PriceMilli,
			Seq:         p.Seq,
		}); err != nil {
			return err
		}
	}
	return nil
}
