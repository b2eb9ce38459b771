// Package settlement holds the wholesale-side services: meter data, trades,
// imbalance calculation, disputes and credit cover.
package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/ids"
)

// ErrInvalid marks input that will never be accepted; consumers park it
// rather than retrying.
var ErrInvalid = errors.New("invalid input")

// MeterReadRepository is what MeterReadService needs from storage.
type MeterReadRepository interface {
	InsertMeterReads(ctx context.Context, reads []model.MeterRead) (int64, error)
	FindMeterRead(ctx context.Context, mpan string, date time.Time, period int, readType string) (*model.MeterRead, error)
	UpdateMeterReadValue(ctx context.Context, id int64, kwh decimal.Decimal, correctionRef string) error
	InsertAdjustment(ctx context.Context, adj *model.MeterReadAdjustment) (bool, error)
	InsertManualRead(ctx context.Context, r *model.ManualMeterRead) error
}

// JobQueue sends a job to a queue.
type JobQueue interface {
	Send(ctx context.Context, body any, groupID, dedupID string) error
}

// RecalcJob asks the imbalance worker to recompute a settlement day.
type RecalcJob struct {
	SettlementDate string `json:"settlement_date"`
	Reason         string `json:"reason"`
	SourceRef      string `json:"source_ref"`
}

// PeriodRead is the volume of one settlement period.
type PeriodRead struct {
	Period int
	KWh    decimal.Decimal
}

// MeterReadBatch is one operator message: a day of half-hourly reads for
// one MPAN.
type MeterReadBatch struct {
	MessageID      string
	MPAN           string
	SettlementDate time.Time
	ReadType       string
	Periods        []PeriodRead
}

// Correction replaces the value of one previously published read.
type Correction struct {
	CorrectionRef    string
	MPAN             string
	SettlementDate   time.Time
	SettlementPeriod int
	ReadType         string
	NewKWh           decimal.Decimal
	Reason           string
}

// MeterReadService ingests metered volumes from the market operator.
type MeterReadService struct {
	repo   MeterReadRepository
	recalc JobQueue
	newID  func() string
	now    func() time.Time
	log    *slog.Logger
}

// NewMeterReadService wires a MeterReadService.
func NewMeterReadService(repo MeterReadRepository, recalc JobQueue, newID func() string, now func() time.Time, log *slog.Logger) *MeterReadService {
	return &MeterReadService{repo: repo, recalc: recalc, newID: newID, now: now, log: log}
}

// Ingest stores a batch of reads. Reads already held (same MPAN, date,
// period and read type) are left as they are; corrections arrive on their
// own topic.
func (s *MeterReadService) Ingest(ctx context.Context, b MeterReadBatch) (int64, error) {
	if err := validateBatch(b); err != nil {
		return 0, err
	}
	now := s.now()
	rows := make([]model.MeterRead, 0, len(b.Periods))
	for _, p := range b.Periods {
		rows = append(rows, model.MeterRead{
			MPAN:             b.MPAN,
			SettlementDate:   b.SettlementDate,
			SettlementPeriod: p.Period,
			ReadType:         b.ReadType,
			KWh:              p.KWh,
			SourceMessageID:  b.MessageID,
			ReceivedAt:       now,
			UpdatedAt:        now,
		})
	}
	inserted, err := s.repo.InsertMeterReads(ctx, rows)
	if err != nil {
		return 0, fmt.Errorf("store reads for %s %s: %w", b.MPAN, clock.FormatDate(b.SettlementDate), err)
	}
	if inserted < int64(len(rows)) {
		s.log.Info("meter reads already held", "mpan", b.MPAN, "date", clock.FormatDate(b.SettlementDate),
			"received", len(rows), "new", inserted)
	}
	// The recalculation job recomputes the whole day, so asking again is
	// harmless; the FIFO dedup ID just saves the worker the repeat.
	if err := s.requestRecalc(ctx, b.SettlementDate, "meter-reads", b.MessageID); err != nil {
		return inserted, err
	}
	return inserted, nil
}

// ApplyCorrection overwrites a read with the operator's corrected value and
// books the delta as an adjustment so billing can re-rate.
func (s *MeterReadService) ApplyCorrection(ctx context.Context, c Correction) error {
	if c.CorrectionRef == "" || c.MPAN == "" {
		return fmt.Errorf("%w: correction without reference or MPAN", ErrInvalid)
	}
	read, err := s.repo.FindMeterRead(ctx, c.MPAN, c.SettlementDate, c.SettlementPeriod, c.ReadType)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: correction %s for unknown read %s/%s/%d", ErrInvalid, c.CorrectionRef, c.MPAN, clock.FormatDate(c.SettlementDate), c.SettlementPeriod)
	}
	if err != nil {
		return err
	}
	if read.CorrectionRef != nil && *read.CorrectionRef == c.CorrectionRef {
		s.log.Info("correction already applied", "correction_ref", c.CorrectionRef)
		return nil
	}

	previous := read.KWh
	delta := c.NewKWh.Sub(previous)
	if err := s.repo.UpdateMeterReadValue(ctx, read.ID, c.NewKWh, c.CorrectionRef); err != nil {
		return fmt.Errorf("update read %d: %w", read.ID, err)
	}
	adj := &model.MeterReadAdjustment{
		ID:            s.newID(),
		MeterReadID:   read.ID,
		CorrectionRef: c.CorrectionRef,
		PreviousKWh:   previous,
		DeltaKWh:      delta,
		Reason:        c.Reason,
		CreatedAt:     s.now(),
	}
	if _, err := s.repo.InsertAdjustment(ctx, adj); err != nil {
		return fmt.Errorf("book adjustment for %s: %w", c.CorrectionRef, err)
	}
	return s.requestRecalc(ctx, c.SettlementDate, "correction", c.CorrectionRef)
}

// RecordManualRead stores a read keyed in by operations. The caller assigns
// the identifier so it can be returned to the UI.
func (s *MeterReadService) RecordManualRead(ctx context.Context, r *model.ManualMeterRead) error {
	if len(r.MPAN) != 13 {
		return fmt.Errorf("%w: MPAN core must be 13 digits", ErrInvalid)
	}
	if r.Reading.IsNegative() {
		return fmt.Errorf("%w: negative reading", ErrInvalid)
	}
	if r.ReadAt.After(s.now().Add(time.Hour)) {
		return fmt.Errorf("%w: read date in the future", ErrInvalid)
	}
	if r.Register == "" {
		r.Register = "1"
	}
	r.Status = "pending_validation"
	r.CreatedAt = s.now()
	return s.repo.InsertManualRead(ctx, r)
}

func (s *MeterReadService) requestRecalc(ctx context.Context, date time.Time, reason, sourceRef string) error {
	day := clock.FormatDate(date)
	job := RecalcJob{SettlementDate: day, Reason: reason, SourceRef: sourceRef}
	if err := s.recalc.Send(ctx, job, day, ids.Derive("imbalance-recalc", day, reason, sourceRef)); err != nil {
		return fmt.Errorf("request recalculation of %s: %w", day, err)
	}
	return nil
}

func validateBatch(b MeterReadBatch) error {
	if len(b.MPAN) != 13 {
		return fmt.Errorf("%w: MPAN %q", ErrInvalid, b.MPAN)
	}
	if b.ReadType != "A" && b.ReadType != "E" {
		return fmt.Errorf("%w: read type %q", ErrInvalid, b.ReadType)
	}
	max := clock.PeriodsIn(b.SettlementDate)
	seen := make(map[int]bool, len(b.Periods))
	for _, p := range b.Periods {
		if p.Period < 1 || p.Period > max {
			return fmt.Errorf("%w: period %d outside 1..%d", ErrInvalid, p.Period, max)
		}
		if seen[p.Period] {
			return fmt.Errorf("%w: period %d repeated", ErrInvalid, p.Period)
		}
		if p.KWh.IsNegative() {
			return fmt.Errorf("%w: negative volume in period %d", ErrInvalid, p.Period)
		}
		seen[p.Period] = true
	}
	return nil
}
