// Package regulatory files the supplier's daily reports with the
// regulator and submits amendments.
package regulatory

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/ids"
	"github.com/gridwise-energy/energysettle/internal/provider/regulator"
)

// ErrInvalid marks requests that will never succeed.
var ErrInvalid = errors.New("invalid request")

// Report types.
const (
	ReportDailyPosition = "daily_position"
	ReportImbalance     = "imbalance_summary"
)

// Repository is what the filing flows need from storage.
type Repository interface {
	InsertFiling(ctx context.Context, f *model.RegulatoryFiling) (bool, error)
	FindFiling(ctx context.Context, date time.Time, reportType string) (*model.RegulatoryFiling, error)
	MarkFilingSubmitted(ctx context.Context, id, receipt string, at time.Time) error
	RecordFilingAttempt(ctx context.Context, id, lastErr string) error
	MarkFilingRejected(ctx context.Context, id, reason string) error
	InsertAmendment(ctx context.Context, a *model.FilingAmendment) (bool, error)
	FindAmendmentByRef(ctx context.Context, ref string) (*model.FilingAmendment, error)
	MarkAmendmentSubmitted(ctx context.Context, id, receipt string, at time.Time) error
	DailyVolumesForDate(ctx context.Context, date time.Time) (*model.DailyVolumes, error)
	ImbalanceTotalsForDate(ctx context.Context, date time.Time) (*model.ImbalanceTotals, error)
}

// Regulator is the regulator's reporting API.
type Regulator interface {
	SubmitReport(ctx context.Context, r regulator.Report, opts ...regulator.SubmitOption) (*regulator.Receipt, error)
	SubmitAmendment(ctx context.Context, originalReceipt string, r regulator.Report, reason string, opts ...regulator.SubmitOption) (*regulator.Receipt, error)
}

// AmendmentRequest asks for a filed report to be corrected.
type AmendmentRequest struct {
	AmendmentRef string
	ReportDate   time.Time
	ReportType   string
	Reason       string
}

// Service files reports.
type Service struct {
	repo          Repository
	reg           Regulator
	participantID string
	newID         func() string
	now           func() time.Time
	log           *slog.Logger
}

// NewService wires a Service.
func NewService(repo Repository, reg Regulator, participantID string, newID func() string, now func() time.Time, log *slog.Logger) *Service {
	return &Service{repo: repo, reg: reg, participantID: participantID, newID: newID, now: now, log: log}
}

// FileDaily files the report of the given type for a date. The filing row
// is created first with a submission ID derived from (participant, date,
// type); the regulator treats a repeat with that ID as the same filing.
func (s *Service) FileDaily(ctx context.Context, date time.Time, reportType string) (*model.RegulatoryFiling, error) {
	if reportType != ReportDailyPosition && reportType != ReportImbalance {
		return nil, fmt.Errorf("%w: report type %q", ErrInvalid, reportType)
	}
	day := clock.FormatDate(date)
	f := &model.RegulatoryFiling{
		ID:           s.newID(),
		ReportDate:   date,
		ReportType:   reportType,
		SubmissionID: ids.Derive("regulatory-filing", s.participantID, day, reportType),
		Status:       model.FilingPending,
		CreatedAt:    s.now(),
	}
	created, err := s.repo.InsertFiling(ctx, f)
	if err != nil {
		return nil, err
	}
	if !created {
		if f, err = s.repo.FindFiling(ctx, date, reportType); err != nil {
			return nil, err
		}
	}
	switch f.Status {
	case model.FilingSubmitted:
		return f, nil
	case model.FilingRejected:
		return f, fmt.Errorf("%w: filing %s was rejected: %s", ErrInvalid, f.ID, f.LastError)
	}

	report, err := s.buildReport(ctx, date, reportType)
	if err != nil {
		return nil, err
	}
	rc, err := s.reg.SubmitReport(ctx, report, regulator.WithSubmissionID(f.SubmissionID))
	if err != nil {
		if regulator.IsValidation(err) {
			if rerr := s.repo.MarkFilingRejected(ctx, f.ID, err.Error()); rerr != nil {
				return nil, rerr
			}
			return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		if rerr := s.repo.RecordFilingAttempt(ctx, f.ID, err.Error()); rerr != nil {
			s.log.Warn("could not record filing attempt", "filing_id", f.ID, "err", rerr)
		}
		return nil, err
	}
	if err := s.repo.MarkFilingSubmitted(ctx, f.ID, rc.ReceiptID, s.now()); err != nil {
		return nil, err
	}
	f.Status, f.RegulatorReceipt = model.FilingSubmitted, &rc.ReceiptID
	s.log.Info("report filed", "date", day, "type", reportType, "receipt", rc.ReceiptID, "duplicate", rc.Duplicate)
	return f, nil
}

// Amend submits a corrected report for an already-filed date.
func (s *Service) Amend(ctx context.Context, req AmendmentRequest) error {
	if req.AmendmentRef == "" || req.Reason == "" {
		return fmt.Errorf("%w: amendment reference and reason are required", ErrInvalid)
	}
	f, err := s.repo.FindFiling(ctx, req.ReportDate, req.ReportType)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: nothing filed for %s %s", ErrInvalid, clock.FormatDate(req.ReportDate), req.ReportType)
	}
	if err != nil {
		return err
	}
	if f.Status != model.FilingSubmitted || f.RegulatorReceipt == nil {
		return fmt.Errorf("filing %s is %s; amend after it has been accepted", f.ID, f.Status)
	}

	a := &model.FilingAmendment{
		ID:           s.newID(),
		FilingID:     f.ID,
		AmendmentRef: req.AmendmentRef,
		Reason:       req.Reason,
		Status:       model.FilingPending,
		CreatedAt:    s.now(),
	}
	created, err := s.repo.InsertAmendment(ctx, a)
	if err != nil {
		return err
	}
	if !created {
		if a, err = s.repo.FindAmendmentByRef(ctx, req.AmendmentRef); err != nil {
			return err
		}
	}
	if a.Status == model.FilingSubmitted {
		return nil
	}

	report, err := s.buildReport(ctx, req.ReportDate, req.ReportType)
	if err != nil {
		return err
	}
	rc, err := s.reg.SubmitAmendment(ctx, *f.RegulatorReceipt, report, a.Reason)
	if err != nil {
		return fmt.Errorf("submit amendment %s: %w", a.AmendmentRef, err)
	}
	if err := s.repo.MarkAmendmentSubmitted(ctx, a.ID, rc.ReceiptID, s.now()); err != nil {
		return err
	}
	s.log.Info("amendment filed", "amendment_ref", a.AmendmentRef, "receipt", rc.ReceiptID)
	return nil
}

type dailyPositionPayload struct {
	MeteredMWh    float64 `json:"metered_mwh"`
	ContractedMWh float64 `json:"contracted_mwh"`
	NetMWh        float64 `json:"net_position_mwh"`
	MPANs         int64   `json:"mpan_count"`
	Trades        int64   `json:"trade_count"`
}

type imbalancePayload struct {
	RunID        string `json:"run_id"`
	RunType      string `json:"run_type"`
	Periods      int    `json:"periods"`
	TotalPence   int64  `json:"total_pence"`
	ShortPeriods int    `json:"short_periods"`
	LongPeriods  int    `json:"long_periods"`
}

func (s *Service) buildReport(ctx context.Context, date time.Time, reportType string) (regulator.Report, error) {
	r := regulator.Report{ReportType: reportType, ReportDate: clock.FormatDate(date), ParticipantID: s.participantID}
	switch reportType {
	case ReportDailyPosition:
		v, err := s.repo.DailyVolumesForDate(ctx, date)
		if err != nil {
			return r, err
		}
		r.Payload = dailyPositionPayload{
			MeteredMWh:    v.MeteredMWh,
			ContractedMWh: v.ContractedMWh,
			NetMWh:        v.ContractedMWh - v.MeteredMWh,
			MPANs:         v.MPANCount,
			Trades:        v.TradeCount,
		}
	case ReportImbalance:
		t, err := s.repo.ImbalanceTotalsForDate(ctx, date)
		if errors.Is(err, model.ErrNotFound) {
			return r, fmt.Errorf("no settlement run for %s yet", clock.FormatDate(date))
		}
		if err != nil {
			return r, err
		}
		r.Payload = imbalancePayload{
			RunID: t.RunID, RunType: t.RunType, Periods: t.Periods,
			TotalPence: t.TotalPence, ShortPeriods: t.ShortPeriods, LongPeriods: t.LongPeriods,
		}
	}
	return r, nil
}
