package estimates

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/providers/printpartner"
	"github.com/gridwell/utilities/internal/service"
	"github.com/gridwell/utilities/internal/store"
)

// Activities are registered on the worker as a struct so they share
// dependencies.
type Activities struct {
	repos  store.Repos
	orders *service.WorkOrderService
	print  printpartner.Sender
	log    *slog.Logger
}

func NewActivities(repos store.Repos, orders *service.WorkOrderService, print printpartner.Sender, log *slog.Logger) *Activities {
	return &Activities{repos: repos, orders: orders, print: print, log: log}
}

type StoreInput struct {
	Input
	EstimateRef string `json:"estimate_ref"`
}

type StoreResult struct {
	EstimateID           string  `json:"estimate_id"`
	Value                float64 `json:"value"`
	Unit                 string  `json:"unit"`
	ConsecutiveEstimates int     `json:"consecutive_estimates"`
}

// StoreEstimatedReading projects consumption for the period from the same
// period last year (or the trailing 90 days) and stores it.
func (a *Activities) StoreEstimatedReading(ctx context.Context, in StoreInput) (StoreResult, error) {
	info := activity.GetInfo(ctx)
	a.log.InfoContext(ctx, "estimating", "meter_id", in.MeterID, "attempt", info.Attempt, "trace", ksuid.New().String())

	meter, err := a.repos.Meters.Get(ctx, in.MeterID)
	if err != nil {
		return StoreResult{}, temporal.NewNonRetryableApplicationError("meter not found", "NotFound", err)
	}
	value, method, err := a.project(ctx, in)
	if err != nil {
		return StoreResult{}, err
	}
	est := domain.EstimatedReading{
		ID:          ksuid.New().String(),
		MeterID:     meter.ID,
		Register:    in.Register,
		PeriodStart: in.PeriodStart,
		PeriodEnd:   in.PeriodEnd,
		Value:       value,
		Method:      method,
		WorkflowID:  info.WorkflowExecution.ID,
		CreatedAt:   time.Now().UTC(),
	}
	if err := a.repos.Readings.InsertEstimate(ctx, est); err != nil {
		return StoreResult{}, fmt.Errorf("store estimate: %w", err)
	}
	n, err := a.repos.Meters.IncrementEstimates(ctx, meter.ID)
	if err != nil {
		return StoreResult{}, fmt.Errorf("count estimates: %w", err)
	}
	return StoreResult{EstimateID: est.ID, Value: value, Unit: unitFor(meter.Utility), ConsecutiveEstimates: n}, nil
}

func (a *Activities) project(ctx context.Context, in StoreInput) (float64, string, error) {
	lastYearFrom, lastYearTo := in.PeriodStart.AddDate(-1, 0, 0), in.PeriodEnd.AddDate(-1, 0, 0)
	prior, err := a.repos.Readings.ListBetween(ctx, in.MeterID, in.Register, lastYearFrom, lastYearTo)
	if err != nil {
		return 0, "", err
	}
	if len(prior) >= 2 {
		return advance(prior), "same_period_last_year", nil
	}
	trailing, err := a.repos.Readings.ListBetween(ctx, in.MeterID, in.Register, in.PeriodStart.AddDate(0, 0, -90), in.PeriodStart)
	if err != nil {
		return 0, "", err
	}
	if len(trailing) < 2 {
		return 0, "", temporal.NewNonRetryableApplicationError("no history to estimate from", "NoHistory", nil)
	}
	span := trailing[len(trailing)-1].ReadAt.Sub(trailing[0].ReadAt).Hours()
	if span <= 0 {
		return 0, "", temporal.NewNonRetryableApplicationError("degenerate history", "NoHistory", nil)
	}
	rate := advance(trailing) / span
	return rate * in.PeriodEnd.Sub(in.PeriodStart).Hours(), "trailing_90d", nil
}

func advance(rs []domain.Reading) float64 {
	d := rs[len(rs)-1].Value - rs[0].Value
	if d < 0 {
		return 0
	}
	return d
}

func unitFor(u domain.Utility) string {
	if u == domain.Water {
		return "m3"
	}
	return "kWh"
}

type VisitInput struct {
	MeterID   string `json:"meter_id"`
	ReasonRef string `json:"reason_ref"`
}

// BookMeterReadVisit asks the field-service partner to read the meter. The
// work order is keyed by the workflow ID, so the booking is made once per
// estimate workflow however often the activity runs.
func (a *Activities) BookMeterReadVisit(ctx context.Context, in VisitInput) error {
	wo, err := a.orders.EnsureReadVisit(ctx, in.MeterID, in.ReasonRef)
	if err != nil {
		return err
	}
	activity.RecordHeartbeat(ctx, wo.ID)
	return nil
}

type LetterInput struct {
	MeterID     string    `json:"meter_id"`
	PeriodStart time.Time `json:"period_start"`
	PeriodEnd   time.Time `json:"period_end"`
	Value       float64   `json:"value"`
	Unit        string    `json:"unit"`
}

// SendEstimateLetter tells the customer their bill will use an estimate and
// invites them to submit a reading.
func (a *Activities) SendEstimateLetter(ctx context.Context, in LetterInput) error {
	meter, err := a.repos.Meters.Get(ctx, in.MeterID)
	if err != nil {
		return err
	}
	acct, err := a.repos.Accounts.Get(ctx, meter.AccountID)
	if err != nil {
		return err
	}
	letter := newEstimateLetter(acct, meter, in, withPostClass("second"))
	receipt, err := a.print.Send(ctx, letter)
	if err != nil {
		return fmt.Errorf("print estimate letter: %w", err)
	}
	a.log.InfoContext(ctx, "estimate letter queued", "letter_ref", receipt.LetterRef, "job_id", receipt.JobID)
	return nil
}

type AuditInput struct {
	MeterID     string `json:"meter_id"`
	EstimateRef string `json:"estimate_ref"`
	Summary     string `json:"summary"`
}

// RecordEstimateAudit writes the regulatory audit entry for the estimate.
// The audit ID is built from the workflow and activity IDs, which Temporal
// keeps the same across retries of this activity.
func (a *Activities) RecordEstimateAudit(ctx context.Context, in AuditInput) error {
	info := activity.GetInfo(ctx)
	auditID := info.WorkflowExecution.ID + "/" + info.ActivityID
	inserted, err := a.repos.EstimateAudit.InsertIfAbsent(ctx, auditID, info.WorkflowExecution.ID, in.MeterID,
		in.EstimateRef+": "+in.Summary)
	if err != nil {
		return err
	}
	if !inserted {
		a.log.InfoContext(ctx, "estimate audit already recorded", "audit_id", auditID)
	}
	return nil
}
