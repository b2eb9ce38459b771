package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// FilingStore persists regulatory filings and amendments.
type FilingStore struct {
	db *gorm.DB
}

// NewFilingStore binds a FilingStore to a handle.
func NewFilingStore(db *gorm.DB) *FilingStore { return &FilingStore{db: db} }

// InsertFiling creates the filing for (date, type) unless it exists.
func (s *FilingStore) InsertFiling(ctx context.Context, f *model.RegulatoryFiling) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "report_date"}, {Name: "report_type"}},
			DoNothing: true,
		}).
		Create(f)
	return res.RowsAffected == 1, res.Error
}

// FindFiling loads the filing for (date, type).
func (s *FilingStore) FindFiling(ctx context.Context, date time.Time, reportType string) (*model.RegulatoryFiling, error) {
	var f model.RegulatoryFiling
	err := s.db.WithContext(ctx).Where("report_date = ? AND report_type = ?", date, reportType).Take(&f).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}

// MarkFilingSubmitted stores the regulator's receipt.
func (s *FilingStore) MarkFilingSubmitted(ctx context.Context, id, receipt string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.RegulatoryFiling{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": model.FilingSubmitted, "regulator_receipt": receipt, "submitted_at": at}).Error
}

// RecordFilingAttempt bumps the attempt counter and stores the last error.
func (s *FilingStore) RecordFilingAttempt(ctx context.Context, id, lastErr string) error {
	return s.db.WithContext(ctx).Model(&model.RegulatoryFiling{}).
		Where("id = ?", id).
		Updates(map[string]any{"attempts": gorm.Expr("attempts + 1"), "last_error": lastErr}).Error
}

// MarkFilingRejected records a validation rejection from the regulator.
func (s *FilingStore) MarkFilingRejected(ctx context.Context, id, reason string) error {
	return s.db.WithContext(ctx).Model(&model.RegulatoryFiling{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": model.FilingRejected, "last_error": reason}).Error
}

// InsertAmendment creates an amendment unless its reference exists.
func (s *FilingStore) InsertAmendment(ctx context.Context, a *model.FilingAmendment) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "amendment_ref"}}, DoNothing: true}).
		Create(a)
	return res.RowsAffected == 1, res.Error
}

// FindAmendmentByRef loads an amendment.
func (s *FilingStore) FindAmendmentByRef(ctx context.Context, ref string) (*model.FilingAmendment, error) {
	var a model.FilingAmendment
	if err := s.db.WithContext(ctx).Where("amendment_ref = ?", ref).Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

// MarkAmendmentSubmitted stores the regulator's receipt for an amendment.
func (s *FilingStore) MarkAmendmentSubmitted(ctx context.Context, id, receipt string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.FilingAmendment{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": model.FilingSubmitted, "regulator_receipt": receipt, "submitted_at": at}).Error
}

// DailyVolumesForDate aggregates the numbers the daily report needs.
func (s *FilingStore) DailyVolumesForDate(ctx context.Context, date time.Time) (*model.DailyVolumes, error) {
	var v model.DailyVolumes
	err := s.db.WithContext(ctx).Raw(`
		SELECT
		  (SELECT COALESCE(SUM(kwh), 0) / 1000 FROM meter_reads WHERE settlement_date = ? AND read_type = 'A') AS metered_mwh,
		  (SELECT COALESCE(SUM(CASE WHEN direction = 'BUY' THEN volume_mwh ELSE -volume_mwh END), 0)
		     FROM trades WHERE delivery_date = ? AND status = 'confirmed') AS contracted_mwh,
		  (SELECT COUNT(DISTINCT mpan) FROM meter_reads WHERE settlement_date = ?) AS mpan_count,
		  (SELECT COUNT(*) FROM trades WHERE delivery_date = ? AND status = 'confirmed') AS trade_count`,
		date, date, date, date).Scan(&v).Error
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// ImbalanceTotalsForDate summarises the charges of the latest run for a date.
func (s *FilingStore) ImbalanceTotalsForDate(ctx context.Context, date time.Time) (*model.ImbalanceTotals, error) {
	var t model.ImbalanceTotals
	res := s.db.WithContext(ctx).Raw(`
		SELECT r.run_id, r.run_type,
		       COUNT(DISTINCT c.settlement_period) AS periods,
		       COALESCE(SUM(c.amount_pence), 0) AS total_pence,
		       COUNT(c.id) FILTER (WHERE c.imbalance_mwh < 0) AS short_periods,
		       COUNT(c.id) FILTER (WHERE c.imbalance_mwh > 0) AS long_periods
		FROM (
		    SELECT run_id, run_type FROM settlement_runs
		    WHERE settlement_date = ?
		    ORDER BY received_at DESC
		    LIMIT 1
		) r
		LEFT JOIN imbalance_charges c ON c.run_id = r.run_id
		GROUP BY r.run_id, r.run_type`, date).Scan(&t)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, model.ErrNotFound
	}
	return &t, nil
}
