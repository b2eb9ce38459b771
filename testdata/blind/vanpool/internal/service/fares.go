package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/keys"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/payroll"
)

// Fares covers the monthly fare run and everything that talks to payroll.
type Fares interface {
	StartFareRun(ctx context.Context, in FareRunInput) (*domain.FareRun, bool, error)
	FanOutRun(ctx context.Context, runID uuid.UUID) (int, error)
	SubmitDeduction(ctx context.Context, deductionID uuid.UUID) error
	SubmitAdjustment(ctx context.Context, adjustmentID uuid.UUID) error
	HandlePayrollEvent(ctx context.Context, evt payroll.WebhookEvent) error
}

// FareRunInput starts a month's run.
type FareRunInput struct {
	Period      string `json:"period"`
	PayDate     string `json:"pay_date"`
	RequestedBy string `json:"requested_by"`
}

// Payroll deduction/adjustment codes configured with the provider.
const (
	deductionCode  = "VANPOOL_FARE"
	adjustmentCode = "VANPOOL_REFUND"
)

// FareService implements Fares.
type FareService struct {
	pool        db.Querier
	tx          db.TxRunner
	fares       FareStore
	riders      RiderStore
	members     MemberStore
	adjustments AdjustmentStore
	payroll     PayrollGateway
	jobs        JobQueue
	log         *slog.Logger
	now         Clock
	newID       IDGen
}

// NewFareService wires a FareService.
func NewFareService(pool db.Querier, tx db.TxRunner, fares FareStore, riders RiderStore, members MemberStore,
	adjustments AdjustmentStore, pg PayrollGateway, jobs JobQueue, log *slog.Logger,
) *FareService {
	return &FareService{
		pool: pool, tx: tx, fares: fares, riders: riders, members: members, adjustments: adjustments,
		payroll: pg, jobs: jobs, log: log.With("service", "fares"), now: SystemClock(), newID: RandomIDs(),
	}
}

// StartFareRun opens the run for a period and queues its fan-out. There is one
// run per period; asking again returns the existing run.
func (s *FareService) StartFareRun(ctx context.Context, in FareRunInput) (*domain.FareRun, bool, error) {
	if _, _, err := money.PeriodBounds(in.Period); err != nil {
		return nil, false, fmt.Errorf("%w: %v", domain.ErrValidation, err)
	}
	payDate, err := time.Parse(time.DateOnly, in.PayDate)
	if err != nil {
		return nil, false, fmt.Errorf("%w: pay_date: %v", domain.ErrValidation, err)
	}
	var (
		run     *domain.FareRun
		created bool
	)
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		run, created, err = s.fares.CreateRun(ctx, tx, domain.FareRun{
			ID:          s.newID(),
			Period:      in.Period,
			PayDate:     payDate,
			RequestedBy: in.RequestedBy,
		})
		if err != nil || !created {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.FareRunFanout{FareRunID: run.ID, Period: run.Period}, nil)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return run, created, nil
}

// FanOutRun creates a deduction for every billable rider in the run's period
// and queues a payroll job for each, all in one transaction.
func (s *FareService) FanOutRun(ctx context.Context, runID uuid.UUID) (int, error) {
	run, err := s.fares.GetRun(ctx, s.pool, runID)
	if err != nil {
		return 0, err
	}
	if run.Status == "cancelled" {
		s.log.Info("fare run cancelled; nothing to fan out", "run", runID)
		return 0, nil
	}
	start, end, err := money.PeriodBounds(run.Period)
	if err != nil {
		return 0, err
	}
	billable, err := s.riders.Billable(ctx, s.pool, start, end)
	if err != nil {
		return 0, err
	}

	count := 0
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		params := make([]river.InsertManyParams, 0, len(billable))
		for _, b := range billable {
			if b.Role == "driver" {
				// Volunteer drivers ride free.
				continue
			}
			gross := b.MonthlyFare
			if b.JoinedOn.After(start) {
				if gross, err = money.Prorate(b.MonthlyFare, run.Period, b.JoinedOn); err != nil {
					return err
				}
			}
			if gross <= 0 {
				continue
			}
			d := domain.Deduction{
				ID:         s.newID(),
				FareRunID:  run.ID,
				RiderID:    b.RiderID,
				MemberID:   b.MemberID,
				Period:     run.Period,
				GrossCents: gross,
				Status:     domain.DeductionPending,
			}
			if err := s.fares.InsertDeduction(ctx, tx, d); err != nil {
				return err
			}
			params = append(params, river.InsertManyParams{
				Args:       jobargs.PayrollDeduction{DeductionID: d.ID},
				InsertOpts: &river.InsertOpts{ScheduledAt: run.PayDate.AddDate(0, 0, -5)},
			})
		}
		if len(params) > 0 {
			if _, err := s.jobs.InsertManyTx(ctx, tx, params); err != nil {
				return fmt.Errorf("enqueue deductions: %w", err)
			}
		}
		count = len(params)
		return s.fares.SetRunStatus(ctx, tx, run.ID, "submitting")
	})
	if err != nil {
		return 0, err
	}
	s.log.Info("fare run fanned out", "run", runID, "period", run.Period, "deductions", count)
	return count, nil
}

// SubmitDeduction sends one pending deduction to payroll.
func (s *FareService) SubmitDeduction(ctx context.Context, deductionID uuid.UUID) error {
	d, err := s.fares.GetDeduction(ctx, s.pool, deductionID)
	if err != nil {
		return err
	}
	if d.Status != domain.DeductionPending {
		return nil
	}
	run, err := s.fares.GetRun(ctx, s.pool, d.FareRunID)
	if err != nil {
		return err
	}
	member, err := s.members.Get(ctx, s.pool, d.MemberID)
	if err != nil {
		return err
	}
	net := d.NetCents()
	if net <= 0 {
		return s.fares.SetDeductionStatus(ctx, s.pool, d.ID, domain.DeductionSkipped, "fully covered by credits")
	}

	resp, err := s.payroll.CreateDeduction(ctx, keys.New("ded"), payroll.DeductionRequest{
		WorkerID:    member.PayrollWorkerID,
		Code:        deductionCode,
		AmountCents: int64(net),
		PayDate:     run.PayDate.Format(time.DateOnly),
		Memo:        "Vanpool fare " + d.Period,
		ExternalRef: d.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("payroll deduction %s: %w", d.ID, err)
	}
	if err := s.fares.MarkSubmitted(ctx, s.pool, d.ID, resp.ID); err != nil {
		return err
	}
	s.log.Info("deduction submitted", "deduction", d.ID, "provider_id", resp.ID, "net", net.String())
	return nil
}

// SubmitAdjustment sends a pending refund to payroll.
func (s *FareService) SubmitAdjustment(ctx context.Context, adjustmentID uuid.UUID) error {
	adj, err := s.adjustments.Get(ctx, s.pool, adjustmentID)
	if err != nil {
		return err
	}
	if adj.Status != "pending" {
		return nil
	}
	member, err := s.members.Get(ctx, s.pool, adj.MemberID)
	if err != nil {
		return err
	}
	resp, err := s.payroll.CreateAdjustment(ctx, payroll.AdjustmentRequest{
		WorkerID:    member.PayrollWorkerID,
		Code:        adjustmentCode,
		AmountCents: int64(adj.AmountCents),
		Reason:      adj.Reason,
		ExternalRef: adj.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("payroll adjustment %s: %w", adj.ID, err)
	}
	return s.adjustments.MarkSubmitted(ctx, s.pool, adj.ID, resp.ID)
}

// HandlePayrollEvent applies a deduction status webhook. The event id is
// recorded in the same transaction as the status change.
func (s *FareService) HandlePayrollEvent(ctx context.Context, evt payroll.WebhookEvent) error {
	var status string
	switch evt.Type {
	case "deduction.settled":
		status = domain.DeductionSettled
	case "deduction.failed", "deduction.reversed":
		status = domain.DeductionFailed
	default:
		s.log.Debug("ignoring payroll event", "type", evt.Type)
		return nil
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		seen, err := s.fares.RecordWebhookEvent(ctx, tx, evt.ID, evt.Type)
		if err != nil || seen {
			return err
		}
		d, err := s.fares.GetDeductionByProviderID(ctx, tx, evt.Data.DeductionID)
		if errors.Is(err, db.ErrNotFound) {
			s.log.Warn("payroll event for unknown deduction", "event", evt.ID, "deduction", evt.Data.DeductionID)
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.fares.SetDeductionStatus(ctx, tx, d.ID, status, evt.Data.Reason); err != nil {
			return err
		}
		return s.fares.AppendHistory(ctx, tx, s.newID(), d.ID, status, evt.Type+": "+evt.Data.Reason)
	})
}
