package store

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// MarketStore persists meter reads, registrations and system prices.
type MarketStore struct {
	db *gorm.DB
}

// NewMarketStore binds a MarketStore to a handle.
func NewMarketStore(db *gorm.DB) *MarketStore { return &MarketStore{db: db} }

// InsertMeterReads inserts reads, skipping any whose natural key
// (mpan, date, period, read type) already exists. It returns how many rows
// were new.
func (s *MarketStore) InsertMeterReads(ctx context.Context, reads []model.MeterRead) (int64, error) {
	if len(reads) == 0 {
		return 0, nil
	}
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "mpan"}, {Name: "settlement_date"}, {Name: "settlement_period"}, {Name: "read_type"}},
			DoNothing: true,
		}).
		CreateInBatches(&reads, 500)
	return res.RowsAffected, res.Error
}

// FindMeterRead loads a read by its natural key.
func (s *MarketStore) FindMeterRead(ctx context.Context, mpan string, date time.Time, period int, readType string) (*model.MeterRead, error) {
	var r model.MeterRead
	err := s.db.WithContext(ctx).
		Where("mpan = ? AND settlement_date = ? AND settlement_period = ? AND read_type = ?", mpan, date, period, readType).
		Take(&r).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

// UpdateMeterReadValue overwrites the kWh of a read with a corrected value.
func (s *MarketStore) UpdateMeterReadValue(ctx context.Context, id int64, kwh decimal.Decimal, correctionRef string) error {
	return s.db.WithContext(ctx).Model(&model.MeterRead{}).
		Where("id = ?", id).
		Updates(map[string]any{"kwh": kwh, "correction_ref": correctionRef, "updated_at": time.Now().UTC()}).Error
}

// InsertAdjustment records a correction delta. A second insert for the same
// correction reference is ignored.
func (s *MarketStore) InsertAdjustment(ctx context.Context, adj *model.MeterReadAdjustment) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "correction_ref"}}, DoNothing: true}).
		Create(adj)
	return res.RowsAffected == 1, res.Error
}

// InsertManualRead stores an operator-entered read.
func (s *MarketStore) InsertManualRead(ctx context.Context, r *model.ManualMeterRead) error {
	return s.db.WithContext(ctx).Create(r).Error
}

// UpsertSystemPrices stores imbalance prices. A later price run replaces an
// earlier one for the same period; an older run never overwrites a newer.
func (s *MarketStore) UpsertSystemPrices(ctx context.Context, prices []model.SystemPrice) (int64, error) {
	if len(prices) == 0 {
		return 0, nil
	}
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "settlement_date"}, {Name: "settlement_period"}},
			DoUpdates: clause.AssignmentColumns([]string{
				"system_buy_price", "system_sell_price", "price_run_type", "published_at",
			}),
			Where: clause.Where{Exprs: []clause.Expression{
				clause.Expr{SQL: "system_prices.published_at <= excluded.published_at"},
			}},
		}).
		Create(&prices)
	return res.RowsAffected, res.Error
}

// SystemPricesForDate returns prices keyed by settlement period.
func (s *MarketStore) SystemPricesForDate(ctx context.Context, date time.Time) (map[int]model.SystemPrice, error) {
	var rows []model.SystemPrice
	if err := s.db.WithContext(ctx).Where("settlement_date = ?", date).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[int]model.SystemPrice, len(rows))
	for _, r := range rows {
		out[r.SettlementPeriod] = r
	}
	return out, nil
}

// CurrentRegistration returns the open registration for an MPAN.
func (s *MarketStore) CurrentRegistration(ctx context.Context, mpan string) (*model.Registration, error) {
	var r model.Registration
	err := s.db.WithContext(ctx).Where("mpan = ? AND effective_to IS NULL", mpan).Take(&r).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

// CloseRegistration ends the open registration for an MPAN.
func (s *MarketStore) CloseRegistration(ctx context.Context, mpan string, effectiveTo time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Registration{}).
		Where("mpan = ? AND effective_to IS NULL", mpan).
		Update("effective_to", effectiveTo)
	return res.RowsAffected, res.Error
}

// InsertRegistration opens a new registration.
func (s *MarketStore) InsertRegistration(ctx context.Context, r *model.Registration) error {
	return s.db.WithContext(ctx).Create(r).Error
}

// MarkProcessed records an event as applied on this handle; see EventStore.
func (s *MarketStore) MarkProcessed(ctx context.Context, consumer, eventID string) (bool, error) {
	return NewEventStore(s.db).MarkProcessed(ctx, consumer, eventID)
}

// MeteredVolumesForDate aggregates meter reads by balancing unit and period,
// preferring actual reads to estimates where both exist.
func (s *MarketStore) MeteredVolumesForDate(ctx context.Context, date time.Time) ([]model.MeteredVolume, error) {
	var rows []model.MeteredVolume
	err := s.db.WithContext(ctx).Raw(`
		SELECT reg.bm_unit_id AS bm_unit_id,
		       r.settlement_period AS settlement_period,
		       SUM(r.kwh) / 1000 AS mwh
		FROM (
		    SELECT DISTINCT ON (mpan, settlement_period) mpan, settlement_period, kwh
		    FROM meter_reads
		    WHERE settlement_date = ?
		    ORDER BY mpan, settlement_period, read_type ASC
		) r
		JOIN registrations reg
		  ON reg.mpan = r.mpan
		 AND reg.effective_from <= ?
		 AND (reg.effective_to IS NULL OR reg.effective_to > ?)
		GROUP BY reg.bm_unit_id, r.settlement_period`, date, date, date).
		Scan(&rows).Error
	return rows, err
}

// UsageForAccount sums the kWh metered for an account's MPANs in [from, to).
func (s *MarketStore) UsageForAccount(ctx context.Context, accountID string, from, to time.Time) (decimal.Decimal, error) {
	var total decimal.NullDecimal
	err := s.db.WithContext(ctx).Raw(`
		SELECT SUM(r.kwh)
		FROM meter_reads r
		JOIN registrations reg
		  ON reg.mpan = r.mpan
		 AND reg.effective_from <= r.settlement_date
		 AND (reg.effective_to IS NULL OR reg.effective_to > r.settlement_date)
		WHERE reg.account_id = ?
		  AND r.settlement_date >= ? AND r.settlement_date < ?
		  AND r.read_type = 'A'`, accountID, from, to).
		Scan(&total).Error
	if err != nil {
		return decimal.Zero, err
	}
	if !total.Valid {
		return decimal.Zero, nil
	}
	return total.Decimal, nil
}
