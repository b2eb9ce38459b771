// Package ingest takes in distributors' play-count reports, corrections
// and label advances from Kafka.
package ingest

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/dedup"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/retry"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/partner"
	"github.com/soundledger/royalties/internal/queue"
	"github.com/soundledger/royalties/internal/store"
)

// Manifest announces a report and what it will contain.
type Manifest struct {
	DistributorID    string `json:"distributor_id"`
	ExternalReportID string `json:"report_id"`
	Period           string `json:"period"`
	ExpectedLines    int    `json:"expected_lines"`
	ExpectedPlays    int64  `json:"expected_plays"`
}

// LineBatch carries a slice of a report's lines.
type LineBatch struct {
	DistributorID    string     `json:"distributor_id"`
	ExternalReportID string     `json:"report_id"`
	Lines            []LineItem `json:"lines"`
}

// LineItem is one line of a report.
type LineItem struct {
	LineNo        int    `json:"line_no"`
	ISRC          string `json:"isrc"`
	Territory     string `json:"territory"`
	Plays         int64  `json:"plays"`
	RevenueMicros int64  `json:"revenue_micros"`
}

// Correction amends lines of an already delivered report.
type Correction struct {
	CorrectionID     string      `json:"correction_id"`
	DistributorID    string      `json:"distributor_id"`
	ExternalReportID string      `json:"report_id"`
	Deltas           []LineDelta `json:"deltas"`
}

// LineDelta changes one line.
type LineDelta struct {
	LineNo             int   `json:"line_no"`
	DeltaPlays         int64 `json:"delta_plays"`
	DeltaRevenueMicros int64 `json:"delta_revenue_micros"`
}

// AdvanceGranted is published by the label-deals system.
type AdvanceGranted struct {
	DealID           string    `json:"deal_id"`
	DistributorID    string    `json:"distributor_id"`
	ExternalArtistID string    `json:"external_artist_id"`
	AmountCents      int64     `json:"amount_cents"`
	Currency         string    `json:"currency"`
	EffectiveAt      time.Time `json:"effective_at"`
}

// Service ingests reports.
type Service interface {
	AcceptManifest(ctx context.Context, m Manifest) (domain.PlayReport, error)
	IngestLines(ctx context.Context, b LineBatch) (int64, error)
	ApplyCorrection(ctx context.Context, c Correction) error
	RecordAdvance(ctx context.Context, a AdvanceGranted) error
	Reconcile(ctx context.Context, reportID string) (domain.Reconciliation, error)
}

type service struct {
	tx       txm.Manager
	reports  store.Reports
	artists  store.Artists
	advances store.Advances
	partner  partner.Notifier
	queue    queue.Enqueuer
	// tolerance is the share of plays a report may be off by and still
	// reconcile, in basis points.
	toleranceBPS int64
}

// New returns the ingest Service.
func New(tx txm.Manager, reports store.Reports, artists store.Artists, advances store.Advances,
	notifier partner.Notifier, q queue.Enqueuer, toleranceBPS int64) Service {
	return &service{
		tx: tx, reports: reports, artists: artists, advances: advances,
		partner: notifier, queue: q, toleranceBPS: toleranceBPS,
	}
}

// AcceptManifest implements Service.
func (s *service) AcceptManifest(ctx context.Context, m Manifest) (domain.PlayReport, error) {
	period, err := domain.ParsePeriod(m.Period)
	if err != nil {
		return domain.PlayReport{}, err
	}
	if m.ExpectedLines <= 0 {
		return domain.PlayReport{}, domain.Invalid("manifest %s has no lines", m.ExternalReportID)
	}

	err = retry.Run(ctx, func(ctx context.Context) error {
		return s.partner.AcceptReport(ctx, partner.Acceptance{
			DistributorID:    m.DistributorID,
			ExternalReportID: m.ExternalReportID,
			Period:           m.Period,
			ExpectedLines:    m.ExpectedLines,
			ExpectedPlays:    m.ExpectedPlays,
			AcceptedAt:       time.Now().UTC(),
		})
	}, retry.Attempts(2))
	if err != nil {
		return domain.PlayReport{}, fmt.Errorf("notify distributor: %w", err)
	}

	report, created, err := s.reports.CreateReport(ctx, domain.PlayReport{
		ID:               ids.NewULID(),
		DistributorID:    m.DistributorID,
		ExternalReportID: m.ExternalReportID,
		Period:           period,
		ExpectedLines:    m.ExpectedLines,
		ExpectedPlays:    m.ExpectedPlays,
	})
	if err != nil {
		return domain.PlayReport{}, err
	}
	logging.FromContext(ctx).Info("report manifest accepted",
		slog.String("report_id", report.ID), slog.Bool("created", created))
	return report, nil
}

// IngestLines implements Service. Lines are keyed by (report, line number)
// so a redelivered batch inserts nothing new; completion is detected in the
// same transaction and the reconcile job is enqueued with it.
func (s *service) IngestLines(ctx context.Context, b LineBatch) (int64, error) {
	report, err := s.reports.GetByExternalID(ctx, b.DistributorID, b.ExternalReportID)
	if err != nil {
		return 0, err
	}
	lines := make([]domain.PlayLine, 0, len(b.Lines))
	for _, l := range b.Lines {
		if l.Plays < 0 || l.ISRC == "" {
			return 0, domain.Invalid("report %s line %d is malformed", report.ID, l.LineNo)
		}
		lines = append(lines, domain.PlayLine{
			ReportID:      report.ID,
			LineNo:        l.LineNo,
			ISRC:          strings.ToUpper(l.ISRC),
			Territory:     strings.ToUpper(l.Territory),
			Plays:         l.Plays,
			RevenueMicros: l.RevenueMicros,
		})
	}

	var inserted int64
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := s.reports.InsertLines(ctx, lines)
		if err != nil {
			return err
		}
		inserted = n
		count, _, err := s.reports.Totals(ctx, report.ID)
		if err != nil {
			return err
		}
		if count < report.ExpectedLines || report.Status != domain.ReportReceiving {
			return nil
		}
		if err := s.reports.SetStatus(ctx, report.ID, domain.ReportComplete); err != nil {
			return err
		}
		_, err = s.queue.Enqueue(ctx, queue.ReportReconcileArgs{ReportID: report.ID}, nil)
		return err
	})
	return inserted, err
}

// ApplyCorrection implements Service.
func (s *service) ApplyCorrection(ctx context.Context, c Correction) error {
	if c.CorrectionID == "" {
		return domain.Invalid("correction without id")
	}
	report, err := s.reports.GetByExternalID(ctx, c.DistributorID, c.ExternalReportID)
	if err != nil {
		return err
	}
	claim := dedup.ClaimFunc(func(ctx context.Context, key string) (bool, error) {
		return s.reports.ClaimCorrection(ctx, key, report.ID)
	})
	applied, err := dedup.Once(ctx, claim, c.CorrectionID, func(ctx context.Context) error {
		return s.tx.WithinTx(ctx, func(ctx context.Context) error {
			for _, d := range c.Deltas {
				if err := s.reports.AdjustLinePlays(ctx, report.ID, d.LineNo, d.DeltaPlays, d.DeltaRevenueMicros); err != nil {
					return fmt.Errorf("line %d: %w", d.LineNo, err)
				}
			}
			if report.Status == domain.ReportReconciled || report.Status == domain.ReportMismatch {
				return s.reports.SetStatus(ctx, report.ID, domain.ReportComplete)
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	if !applied {
		logging.FromContext(ctx).Info("correction already applied", slog.String("correction_id", c.CorrectionID))
	}
	return nil
}

// RecordAdvance implements Service.
func (s *service) RecordAdvance(ctx context.Context, a AdvanceGranted) error {
	if a.AmountCents <= 0 {
		return domain.Invalid("advance for deal %s has non-positive amount", a.DealID)
	}
	artist, err := s.artists.GetByExternalID(ctx, a.DistributorID, a.ExternalArtistID)
	if err != nil {
		return err
	}
	effective := a.EffectiveAt
	if effective.IsZero() {
		effective = time.Now().UTC()
	}
	return s.advances.Insert(ctx, domain.Advance{
		ID:          uuid.New(),
		ArtistID:    artist.ID,
		DealID:      a.DealID,
		AmountCents: a.AmountCents,
		Currency:    strings.ToLower(a.Currency),
		EffectiveAt: effective,
	})
}

// Reconcile implements Service.
func (s *service) Reconcile(ctx context.Context, reportID string) (domain.Reconciliation, error) {
	report, err := s.reports.Get(ctx, reportID)
	if err != nil {
		return domain.Reconciliation{}, err
	}
	lines, plays, err := s.reports.Totals(ctx, reportID)
	if err != nil {
		return domain.Reconciliation{}, err
	}
	rec := domain.Reconciliation{
		ReportID:      reportID,
		ExpectedPlays: report.ExpectedPlays,
		ActualPlays:   plays,
		ExpectedLines: report.ExpectedLines,
		ActualLines:   lines,
		Outcome:       domain.ReportReconciled,
	}
	diff := rec.ActualPlays - rec.ExpectedPlays
	if diff < 0 {
		diff = -diff
	}
	if lines != report.ExpectedLines || diff*10000 > rec.ExpectedPlays*s.toleranceBPS {
		rec.Outcome = domain.ReportMismatch
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.reports.InsertReconciliation(ctx, rec); err != nil {
			return err
		}
		return s.reports.SetStatus(ctx, reportID, rec.Outcome)
	})
	return rec, err
}
