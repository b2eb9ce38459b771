package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// ImbalanceStore persists settlement runs and imbalance charges. It embeds
// the market and trade stores so a single transaction can read positions
// and write charges.
type ImbalanceStore struct {
	db *gorm.DB
	*MarketStore
	*TradeStore
}

// NewImbalanceStore binds an ImbalanceStore to a handle.
func NewImbalanceStore(db *gorm.DB) *ImbalanceStore {
	return &ImbalanceStore{db: db, MarketStore: NewMarketStore(db), TradeStore: NewTradeStore(db)}
}

// UpsertRun records a settlement run notice, refreshing the status if the
// operator re-announces it.
func (s *ImbalanceStore) UpsertRun(ctx context.Context, run *model.SettlementRun) error {
	return s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "run_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"status"}),
		}).
		Create(run).Error
}

// GetRun loads a settlement run.
func (s *ImbalanceStore) GetRun(ctx context.Context, runID string) (*model.SettlementRun, error) {
	var r model.SettlementRun
	if err := s.db.WithContext(ctx).Where("run_id = ?", runID).Take(&r).Error; err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

// LatestRunForDate returns the most recent run received for a date.
func (s *ImbalanceStore) LatestRunForDate(ctx context.Context, date time.Time) (*model.SettlementRun, error) {
	var r model.SettlementRun
	err := s.db.WithContext(ctx).
		Where("settlement_date = ?", date).
		Order("received_at DESC").
		Take(&r).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

// InsertCharges writes imbalance charges in batches.
func (s *ImbalanceStore) InsertCharges(ctx context.Context, charges []model.ImbalanceCharge) error {
	if len(charges) == 0 {
		return nil
	}
	return s.db.WithContext(ctx).CreateInBatches(&charges, 200).Error
}

// DeleteChargesForRun removes every charge of a run.
func (s *ImbalanceStore) DeleteChargesForRun(ctx context.Context, runID string) (int64, error) {
	res := s.db.WithContext(ctx).Where("run_id = ?", runID).Delete(&model.ImbalanceCharge{})
	return res.RowsAffected, res.Error
}

// MarkRunComputed stamps the run as computed.
func (s *ImbalanceStore) MarkRunComputed(ctx context.Context, runID string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.SettlementRun{}).
		Where("run_id = ?", runID).
		Updates(map[string]any{"status": "computed", "computed_at": at}).Error
}

// DisputeStore persists trading dispute outcomes.
type DisputeStore struct {
	db *gorm.DB
}

// NewDisputeStore binds a DisputeStore to a handle.
func NewDisputeStore(db *gorm.DB) *DisputeStore { return &DisputeStore{db: db} }

// InsertDisputeAdjustment books a resettlement amount.
func (s *DisputeStore) InsertDisputeAdjustment(ctx context.Context, a *model.DisputeAdjustment) error {
	return s.db.WithContext(ctx).Create(a).Error
}

// ResolveDispute closes a dispute with the given status.
func (s *DisputeStore) ResolveDispute(ctx context.Context, ref, status string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.TradingDispute{}).
		Where("dispute_ref = ?", ref).
		Updates(map[string]any{"status": status, "resolved_at": at}).Error
}

// CreditCoverStore persists credit cover calls.
type CreditCoverStore struct {
	db *gorm.DB
}

// NewCreditCoverStore binds a CreditCoverStore to a handle.
func NewCreditCoverStore(db *gorm.DB) *CreditCoverStore { return &CreditCoverStore{db: db} }

// InsertCall records a call; repeats of the same call reference are ignored.
func (s *CreditCoverStore) InsertCall(ctx context.Context, c *model.CreditCoverCall) (bool, error) {
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(c)
	return res.RowsAffected == 1, res.Error
}

// GetCall loads a credit cover call.
func (s *CreditCoverStore) GetCall(ctx context.Context, callRef string) (*model.CreditCoverCall, error) {
	var c model.CreditCoverCall
	if err := s.db.WithContext(ctx).Where("call_ref = ?", callRef).Take(&c).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// MarkNotified stamps the time treasury was told about the call.
func (s *CreditCoverStore) MarkNotified(ctx context.Context, callRef string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.CreditCoverCall{}).
		Where("call_ref = ? AND notified_at IS NULL", callRef).
		Update("notified_at", at).Error
}
