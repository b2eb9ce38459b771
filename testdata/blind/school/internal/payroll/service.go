// Package payroll runs the monthly teacher payroll through the payroll
// provider.
package payroll

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/payrollprovider"
	"github.com/lingua/academy/internal/platform/reqctx"
	"github.com/lingua/academy/internal/store"
)

// Provider is the part of the payroll provider client used here.
type Provider interface {
	SubmitBatch(ctx context.Context, req payrollprovider.BatchRequest, opts ...payrollprovider.CallOption) (payrollprovider.Batch, error)
}

// Service runs payroll.
type Service struct {
	store    store.Store
	provider Provider
	enqueuer jobs.Enqueuer
	currency string
	log      *slog.Logger
	now      func() time.Time
}

// NewService builds the payroll service.
func NewService(st store.Store, p Provider, enq jobs.Enqueuer, log *slog.Logger) *Service {
	return &Service{store: st, provider: p, enqueuer: enq, currency: "eur", log: log, now: time.Now}
}

var periodRE = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// StartInput is the body of POST /v1/payroll-runs.
type StartInput struct {
	Period string `json:"period"`
}

func (in *StartInput) Validate() error {
	if !periodRE.MatchString(in.Period) {
		return errors.New("period must look like 2025-03")
	}
	return nil
}

// RunView is a payroll run in API responses.
type RunView struct {
	ID       string `json:"id"`
	Period   string `json:"period"`
	Status   string `json:"status"`
	Payslips int64  `json:"payslips,omitempty"`
	created  bool
}

func (v RunView) CreatedResource() bool { return v.created }

// Start creates the run for a period, builds its payslips and queues the
// submission. A period has exactly one run.
func (s *Service) Start(ctx context.Context, in StartInput) (RunView, error) {
	run := store.PayrollRun{
		ID:          "pr_" + xid.New().String(),
		Period:      in.Period,
		Status:      "created",
		RequestedBy: reqctx.ActorFrom(ctx).ID,
	}
	var (
		out      RunView
		inserted bool
	)
	err := s.store.InTx(ctx, func(q store.Querier) error {
		var err error
		inserted, err = q.InsertPayrollRun(ctx, run)
		if err != nil {
			return err
		}
		if !inserted {
			existing, err := q.GetPayrollRunByPeriod(ctx, in.Period)
			if err != nil {
				return err
			}
			out = RunView{ID: existing.ID, Period: existing.Period, Status: existing.Status}
			return nil
		}
		n, err := q.BuildPayslips(ctx, run.ID, run.Period)
		if err != nil {
			return err
		}
		out = RunView{ID: run.ID, Period: run.Period, Status: run.Status, Payslips: n, created: true}
		return s.enqueuer.EnqueueTx(ctx, q, jobs.ProcessPayrollRunArgs{RunID: run.ID})
	})
	return out, err
}

// payDate is the last working day of the period's month.
func payDate(period string) (time.Time, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, err
	}
	d := start.AddDate(0, 1, -1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, -1)
	}
	return d, nil
}

// Submit sends the run's payslips to the provider as one payout batch; it
// is run by the process_payroll_run job.
func (s *Service) Submit(ctx context.Context, runID string) error {
	run, err := s.store.GetPayrollRun(ctx, runID)
	if err != nil {
		return err
	}
	if run.Status != "created" {
		s.log.InfoContext(ctx, "payroll run already submitted", "run", run.ID, "status", run.Status)
		return nil
	}
	slips, err := s.store.ListPayslips(ctx, run.ID)
	if err != nil {
		return err
	}
	if len(slips) == 0 {
		return s.store.SetPayrollRunStatus(ctx, run.ID, "empty")
	}
	pd, err := payDate(run.Period)
	if err != nil {
		return err
	}

	req := payrollprovider.BatchRequest{Period: run.Period, PayDate: pd.Format(time.DateOnly)}
	byRef := make(map[string]string, len(slips))
	for _, p := range slips {
		req.Payouts = append(req.Payouts, payrollprovider.Payout{
			EmployeeID:  p.PayrollEmployeeID,
			GrossCents:  p.GrossCents + p.AdjustmentCents,
			Currency:    s.currency,
			Reference:   p.ID,
			Description: fmt.Sprintf("Teaching %s (%.2f h)", run.Period, p.Hours),
		})
		byRef[p.ID] = p.ID
	}

	batch, err := s.provider.SubmitBatch(ctx, req)
	if err != nil {
		return fmt.Errorf("submit payroll batch: %w", err)
	}

	return s.store.InTx(ctx, func(q store.Querier) error {
		if err := q.MarkPayrollRunSubmitted(ctx, run.ID, batch.ID, s.now()); err != nil {
			return err
		}
		for _, po := range batch.Payouts {
			slipID, ok := byRef[po.Reference]
			if !ok {
				return fmt.Errorf("batch %s returned unknown payout reference %q", batch.ID, po.Reference)
			}
			if err := q.SetPayslipPayout(ctx, slipID, po.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// WebhookEvent is a payroll provider webhook.
type WebhookEvent struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	BatchID  string `json:"batch_id"`
	PayoutID string `json:"payout_id"`
	Reason   string `json:"failure_reason"`
}

// HandleWebhook applies a payout status event.
func (s *Service) HandleWebhook(ctx context.Context, evt WebhookEvent) error {
	seen, err := s.store.WebhookEventSeen(ctx, "payroll", evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = s.store.InTx(ctx, func(q store.Querier) error {
		switch evt.Type {
		case "payout.paid":
			_, err := q.SetPayslipStatusByPayout(ctx, evt.PayoutID, "paid")
			return err
		case "payout.failed":
			slip, err := q.SetPayslipStatusByPayout(ctx, evt.PayoutID, "failed")
			if err != nil {
				return err
			}
			// Carry the unpaid amount into the next run.
			return q.InsertPayrollAdjustment(ctx, store.PayrollAdjustment{
				ID:              "adj_" + xid.New().String(),
				TeacherID:       slip.TeacherID,
				AmountCents:     slip.GrossCents + slip.AdjustmentCents,
				Reason:          "failed payout: " + evt.Reason,
				SourcePayslipID: slip.ID,
			})
		case "batch.completed":
			run, err := q.GetPayrollRunByBatch(ctx, evt.BatchID)
			if err != nil {
				return err
			}
			if err := q.SetPayrollRunStatus(ctx, run.ID, "paid"); err != nil {
				return err
			}
			return s.enqueuer.EnqueueTx(ctx, q, jobs.SendPayslipsArgs{RunID: run.ID})
		default:
			s.log.InfoContext(ctx, "ignoring payroll event", "type", evt.Type)
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.store.RecordWebhookEvent(ctx, "payroll", evt.ID, evt.Type)
}
