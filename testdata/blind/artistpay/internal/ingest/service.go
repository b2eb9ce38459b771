package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// ProviderSet wires the ingest service.
var ProviderSet = wire.NewSet(NewService)

// ErrUnknownStore is returned for reports from an unknown or inactive store.
var ErrUnknownStore = errors.New("ingest: unknown store")

const batchSize = 500

// Service accepts and ingests usage reports.
type Service struct {
	db    *gorm.DB
	queue tasks.Enqueuer
}

// NewService returns the ingest service.
func NewService(db *gorm.DB, q tasks.Enqueuer) *Service {
	return &Service{db: db, queue: q}
}

// Receive stores a report as sent by a store and schedules its ingestion.
// Stores resend the same file when they do not get an answer; the
// (store, date, checksum) key maps the resend to the original report.
func (s *Service) Receive(ctx context.Context, storeID string, reportDate time.Time, body []byte) (*models.UsageReport, bool, error) {
	var store models.Store
	if err := s.db.WithContext(ctx).First(&store, "id = ? AND active", storeID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, false, ErrUnknownStore
		}
		return nil, false, err
	}
	sum := sha256.Sum256(body)
	rep := &models.UsageReport{
		ID:         ids.NewUUID(),
		StoreID:    storeID,
		ReportDate: reportDate,
		Checksum:   hex.EncodeToString(sum[:]),
		RawBody:    body,
		Status:     models.ReportReceived,
		ReceivedAt: time.Now().UTC(),
	}
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "store_id"}, {Name: "report_date"}, {Name: "checksum"}},
		DoNothing: true,
	}).Create(rep)
	if res.Error != nil {
		return nil, false, res.Error
	}
	created := res.RowsAffected == 1
	if !created {
		var existing models.UsageReport
		if err := s.db.WithContext(ctx).
			Omit("raw_body").
			Where("store_id = ? AND report_date = ? AND checksum = ?", rep.StoreID, rep.ReportDate, rep.Checksum).
			First(&existing).Error; err != nil {
			return nil, false, err
		}
		rep = &existing
	}
	if rep.Status == models.ReportReceived {
		if err := tasks.Enqueue(ctx, s.queue, tasks.TypeUsageIngest,
			tasks.UsageIngestPayload{ReportID: rep.ID},
			tasks.Once("usage-ingest:"+rep.ID)...); err != nil {
			return nil, created, fmt.Errorf("ingest: schedule: %w", err)
		}
	}
	return rep, created, nil
}

// Ingest parses a received report into usage lines.
func (s *Service) Ingest(ctx context.Context, reportID string) error {
	var rep models.UsageReport
	if err := s.db.WithContext(ctx).First(&rep, "id = ?", reportID).Error; err != nil {
		return err
	}
	if rep.Status != models.ReportReceived {
		return nil
	}
	lines, err := ParseCSV(rep.RawBody)
	if err != nil {
		msg := err.Error()
		return s.db.WithContext(ctx).Model(&rep).
			Where("status = ?", models.ReportReceived).
			Updates(map[string]any{"status": models.ReportRejected, "error": msg}).Error
	}
	releases, err := s.releaseIndex(ctx, lines)
	if err != nil {
		return err
	}
	rows := make([]models.UsageLine, 0, len(lines))
	for _, l := range lines {
		row := models.UsageLine{
			ReportID:    rep.ID,
			LineNo:      l.LineNo,
			ISRC:        l.ISRC,
			Territory:   l.Territory,
			Period:      l.UsageDate.Format("2006-01"),
			Streams:     l.Streams,
			GrossMicros: l.GrossMicros,
			Currency:    l.Currency,
		}
		if rel, ok := releases[l.ISRC]; ok {
			row.ReleaseID = &rel
		}
		rows = append(rows, row)
	}
	now := time.Now().UTC()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if len(rows) > 0 {
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, batchSize).Error; err != nil {
				return err
			}
		}
		res := tx.Model(&models.UsageReport{}).
			Where("id = ? AND status = ?", rep.ID, models.ReportReceived).
			Updates(map[string]any{"status": models.ReportIngested, "line_count": len(rows), "ingested_at": now})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return events.PublishTx(tx, events.TopicUsageReportIngested, ids.Derived("usage-ingested", rep.ID), events.UsageReportIngested{
			ReportID:   rep.ID,
			StoreID:    rep.StoreID,
			ReportDate: rep.ReportDate.Format("2006-01-02"),
			LineCount:  len(rows),
			IngestedAt: now,
		})
	})
}

func (s *Service) releaseIndex(ctx context.Context, lines []Line) (map[string]string, error) {
	isrcs := make([]string, 0, len(lines))
	seen := map[string]bool{}
	for _, l := range lines {
		if !seen[l.ISRC] {
			seen[l.ISRC] = true
			isrcs = append(isrcs, l.ISRC)
		}
	}
	var tracks []models.Track
	if err := s.db.WithContext(ctx).Where("isrc IN ?", isrcs).Find(&tracks).Error; err != nil {
		return nil, err
	}
	out := make(map[string]string, len(tracks))
	for _, t := range tracks {
		out[t.ISRC] = t.ReleaseID
	}
	return out, nil
}

// ReleasePeriods lists the (release, period) pairs a report touched.
func (s *Service) ReleasePeriods(ctx context.Context, reportID string) ([]tasks.RoyaltiesComputePayload, error) {
	var out []tasks.RoyaltiesComputePayload
	err := s.db.WithContext(ctx).Model(&models.UsageLine{}).
		Distinct("release_id", "period").
		Where("report_id = ? AND release_id IS NOT NULL", reportID).
		Scan(&out).Error
	return out, err
}
