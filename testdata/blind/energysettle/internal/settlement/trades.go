package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/ids"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// TradeRepository is what TradeService needs from storage.
type TradeRepository interface {
	InsertTrade(ctx context.Context, t *model.Trade) error
	FindTradeByRef(ctx context.Context, ref string) (*model.Trade, error)
	CancelTrade(ctx context.Context, ref string, at time.Time) (int64, error)
	InsertReversal(ctx context.Context, r *model.TradeReversal) (bool, error)
	CounterpartyByCode(ctx context.Context, code string) (*model.Counterparty, error)
}

// TradeConfirmation is a trade the operator has matched and confirmed.
type TradeConfirmation struct {
	TradeRef         string
	CounterpartyCode string
	BMUnitID         string
	Direction        string
	VolumeMWh        decimal.Decimal
	PriceGBPPerMWh   decimal.Decimal
	DeliveryDate     time.Time
	SettlementPeriod int
	ConfirmedAt      time.Time
}

// TradeCancellation withdraws a confirmed trade.
type TradeCancellation struct {
	TradeRef    string
	Reason      string
	CancelledAt time.Time
}

// TradeService records the supplier's contracted position.
type TradeService struct {
	trades TradeRepository
	uow    txn.Runner[TradeRepository]
	log    *slog.Logger
}

// NewTradeService wires a TradeService.
func NewTradeService(trades TradeRepository, uow txn.Runner[TradeRepository], log *slog.Logger) *TradeService {
	return &TradeService{trades: trades, uow: uow, log: log}
}

// Confirm records a confirmed trade.
func (s *TradeService) Confirm(ctx context.Context, tc TradeConfirmation) error {
	if tc.Direction != "BUY" && tc.Direction != "SELL" {
		return fmt.Errorf("%w: direction %q", ErrInvalid, tc.Direction)
	}
	if !tc.VolumeMWh.IsPositive() {
		return fmt.Errorf("%w: volume must be positive", ErrInvalid)
	}
	cp, err := s.trades.CounterpartyByCode(ctx, tc.CounterpartyCode)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: unknown counterparty %s", ErrInvalid, tc.CounterpartyCode)
	}
	if err != nil {
		return err
	}
	t := &model.Trade{
		TradeRef:         tc.TradeRef,
		CounterpartyID:   cp.ID,
		BMUnitID:         tc.BMUnitID,
		Direction:        tc.Direction,
		VolumeMWh:        tc.VolumeMWh,
		PriceGBPPerMWh:   tc.PriceGBPPerMWh,
		DeliveryDate:     tc.DeliveryDate,
		SettlementPeriod: tc.SettlementPeriod,
		Status:           "confirmed",
		ConfirmedAt:      tc.ConfirmedAt,
	}
	if err := s.trades.InsertTrade(ctx, t); err != nil {
		return fmt.Errorf("confirm trade %s: %w", tc.TradeRef, err)
	}
	s.log.Info("trade confirmed", "trade_ref", tc.TradeRef, "id", t.ID, "counterparty", tc.CounterpartyCode)
	return nil
}

// Cancel withdraws a trade and books its reversal in one transaction.
func (s *TradeService) Cancel(ctx context.Context, c TradeCancellation) error {
	return s.uow.Do(ctx, func(r TradeRepository) error {
		changed, err := r.CancelTrade(ctx, c.TradeRef, c.CancelledAt)
		if err != nil {
			return err
		}
		t, err := r.FindTradeByRef(ctx, c.TradeRef)
		if errors.Is(err, model.ErrNotFound) {
			return fmt.Errorf("%w: cancellation for unknown trade %s", ErrInvalid, c.TradeRef)
		}
		if err != nil {
			return err
		}
		if changed == 0 && t.Status != "cancelled" {
			return fmt.Errorf("trade %s in status %s cannot be cancelled", c.TradeRef, t.Status)
		}
		_, err = r.InsertReversal(ctx, &model.TradeReversal{
			ID:        ids.Derive("trade-reversal", c.TradeRef),
			TradeID:   t.ID,
			TradeRef:  t.TradeRef,
			Reason:    c.Reason,
			CreatedAt: c.CancelledAt,
		})
		return err
	})
}
