package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// TradeStore persists confirmed trades and their reversals.
type TradeStore struct {
	db *gorm.DB
}

// NewTradeStore binds a TradeStore to a handle.
func NewTradeStore(db *gorm.DB) *TradeStore { return &TradeStore{db: db} }

// InsertTrade stores a newly confirmed trade.
func (s *TradeStore) InsertTrade(ctx context.Context, t *model.Trade) error {
	return s.db.WithContext(ctx).Create(t).Error
}

// FindTradeByRef loads a trade by the operator's trade reference.
func (s *TradeStore) FindTradeByRef(ctx context.Context, ref string) (*model.Trade, error) {
	var t model.Trade
	if err := s.db.WithContext(ctx).Where("trade_ref = ?", ref).Take(&t).Error; err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

// CancelTrade moves a confirmed trade to cancelled. It returns the number
// of rows changed: zero if the trade was already cancelled.
func (s *TradeStore) CancelTrade(ctx context.Context, ref string, at time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Trade{}).
		Where("trade_ref = ? AND status = ?", ref, "confirmed").
		Updates(map[string]any{"status": "cancelled", "cancelled_at": at})
	return res.RowsAffected, res.Error
}

// InsertReversal books the reversal row for a cancelled trade.
func (s *TradeStore) InsertReversal(ctx context.Context, r *model.TradeReversal) (bool, error) {
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(r)
	return res.RowsAffected == 1, res.Error
}

// ConfirmedTradesForDate returns the confirmed trades delivering on date.
func (s *TradeStore) ConfirmedTradesForDate(ctx context.Context, date time.Time) ([]model.Trade, error) {
	var out []model.Trade
	err := s.db.WithContext(ctx).
		Where("delivery_date = ? AND status = ?", date, "confirmed").
		Order("bm_unit_id, settlement_period, id").
		Find(&out).Error
	return out, err
}

// TradesForCounterparty returns confirmed trades with a counterparty whose
// delivery date is in [from, to].
func (s *TradeStore) TradesForCounterparty(ctx context.Context, counterpartyID string, from, to time.Time) ([]model.Trade, error) {
	var out []model.Trade
	err := s.db.WithContext(ctx).
		Where("counterparty_id = ? AND delivery_date BETWEEN ? AND ? AND status = ?", counterpartyID, from, to, "confirmed").
		Order("delivery_date, settlement_period, id").
		Find(&out).Error
	return out, err
}

// CounterpartyByCode resolves the operator's party code.
func (s *TradeStore) CounterpartyByCode(ctx context.Context, code string) (*model.Counterparty, error) {
	var c model.Counterparty
	if err := s.db.WithContext(ctx).Where("party_code = ?", code).Take(&c).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// GetCounterparty loads a counterparty by ID.
func (s *TradeStore) GetCounterparty(ctx context.Context, id string) (*model.Counterparty, error) {
	var c model.Counterparty
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}
