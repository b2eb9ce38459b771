package royalties

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// Calculator aggregates ingested usage into royalty earnings.
type Calculator struct {
	db     *gorm.DB
	feeBps int
}

// NewCalculator returns a calculator that keeps cfg.PlatformFeeBps.
func NewCalculator(db *gorm.DB, cfg config.Config) *Calculator {
	return &Calculator{db: db, feeBps: cfg.PlatformFeeBps}
}

type storeTotals struct {
	StoreID     string
	Streams     int64
	GrossMicros int64
}

// Compute recomputes the release's earnings for period from every ingested
// usage line, one row per store.
func (c *Calculator) Compute(ctx context.Context, releaseID, period string) ([]models.RoyaltyEarning, error) {
	var totals []storeTotals
	err := c.db.WithContext(ctx).
		Table("usage_lines AS l").
		Select("r.store_id AS store_id, SUM(l.streams) AS streams, SUM(l.gross_micros) AS gross_micros").
		Joins("JOIN usage_reports r ON r.id = l.report_id").
		Where("l.release_id = ? AND l.period = ? AND r.status = ?", releaseID, period, models.ReportIngested).
		Group("r.store_id").
		Scan(&totals).Error
	if err != nil {
		return nil, err
	}
	if len(totals) == 0 {
		return nil, nil
	}
	now := time.Now().UTC()
	rows := make([]models.RoyaltyEarning, 0, len(totals))
	for _, t := range totals {
		fee := t.GrossMicros * int64(c.feeBps) / 10000
		rows = append(rows, models.RoyaltyEarning{
			ID:          ids.Derived("earning", releaseID, t.StoreID, period),
			ReleaseID:   releaseID,
			StoreID:     t.StoreID,
			Period:      period,
			Streams:     t.Streams,
			GrossMicros: t.GrossMicros,
			FeeMicros:   fee,
			NetMicros:   t.GrossMicros - fee,
			ComputedAt:  now,
		})
	}
	err = c.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "release_id"}, {Name: "store_id"}, {Name: "period"}},
		DoUpdates: clause.AssignmentColumns([]string{"streams", "gross_micros", "fee_micros", "net_micros", "computed_at"}),
	}).Create(&rows).Error
	return rows, err
}

// ReleasesWithEarnings lists releases that earned anything in period.
func (c *Calculator) ReleasesWithEarnings(ctx context.Context, period string) ([]string, error) {
	var out []string
	err := c.db.WithContext(ctx).Model(&models.RoyaltyEarning{}).
		Distinct("release_id").
		Where("period = ? AND net_micros > 0", period).
		Pluck("release_id", &out).Error
	return out, err
}
