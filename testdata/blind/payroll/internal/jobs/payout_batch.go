package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/providers/bank"
)

type PayoutBatchWorker struct {
	river.WorkerDefaults[PayoutBatchArgs]

	payouts   payoutStore
	payruns   payRunReader
	employees employeeReader
	companies companyReader
	bank      *bank.Client
	log       *slog.Logger
}

func NewPayoutBatchWorker(p payoutStore, r payRunReader, e employeeReader, c companyReader, b *bank.Client, log *slog.Logger) *PayoutBatchWorker {
	return &PayoutBatchWorker{payouts: p, payruns: r, employees: e, companies: c, bank: b, log: log}
}

func (w *PayoutBatchWorker) Work(ctx context.Context, job *river.Job[PayoutBatchArgs]) error {
	run, err := w.payruns.GetRun(ctx, job.Args.PayRunID)
	if err != nil {
		return err
	}
	if run.Status != domain.PayRunApproved {
		w.log.Info("pay run no longer approved, skipping payouts", "run", run.ID, "status", run.Status)
		return nil
	}
	company, err := w.companies.Get(ctx, run.CompanyID)
	if err != nil {
		return err
	}
	builder := BuilderFor(company)

	// A payout left in "submitting" by a crashed attempt is sent again with the
	// same key; the provider answers with the transfer it already created.
	todo, err := w.payouts.ListForRun(ctx, run.ID, domain.PayoutPending, domain.PayoutSubmitting)
	if err != nil {
		return err
	}
	for _, p := range todo {
		if p.Status == domain.PayoutPending {
			ok, err := w.payouts.Transition(ctx, p.ID, domain.PayoutPending, domain.PayoutSubmitting)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
		}
		emp, err := w.employees.Get(ctx, p.EmployeeID)
		if err != nil {
			return fmt.Errorf("employee %s: %w", p.EmployeeID, err)
		}
		req := w.bank.PayoutTransfer(builder, p, emp, run.Reference)
		tr, err := w.bank.CreateTransfer(ctx, req)
		if err != nil {
			return fmt.Errorf("payout %s: %w", p.ID, err)
		}
		if err := w.payouts.MarkSubmitted(ctx, p.ID, tr.ID); err != nil {
			return err
		}
	}
	w.log.Info("pay run payouts submitted", "run", run.ID, "count", len(todo))
	return nil
}
