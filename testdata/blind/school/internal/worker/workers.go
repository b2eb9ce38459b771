// Package worker holds the river workers run by cmd/worker.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lingua/academy/internal/instalments"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/refunds"
	"github.com/lingua/academy/internal/visa"
)

// ChargeInstalmentWorker collects due instalments.
type ChargeInstalmentWorker struct {
	river.WorkerDefaults[jobs.ChargeInstalmentArgs]
	Collector *instalments.Collector
	Log       *slog.Logger
}

func (w *ChargeInstalmentWorker) Timeout(*river.Job[jobs.ChargeInstalmentArgs]) time.Duration {
	return 90 * time.Second
}

func (w *ChargeInstalmentWorker) Work(ctx context.Context, job *river.Job[jobs.ChargeInstalmentArgs]) error {
	charge, err := w.Collector.ChargeDue(ctx, job.Args.InstalmentID)
	if err != nil {
		return err
	}
	w.Log.InfoContext(ctx, "instalment charge", "instalment", job.Args.InstalmentID,
		"status", charge.Status, "payment_intent", charge.PaymentIntentID, "attempt", job.Attempt)
	return nil
}

// InstalmentReminderWorker sends scheduled payment reminders.
type InstalmentReminderWorker struct {
	river.WorkerDefaults[jobs.InstalmentReminderArgs]
	Reminder *instalments.Reminder
}

func (w *InstalmentReminderWorker) Work(ctx context.Context, job *river.Job[jobs.InstalmentReminderArgs]) error {
	return w.Reminder.Remind(ctx, job.Args.InstalmentID, job.Args.Stage)
}

// IssueRefundWorker sends approved refunds to Stripe.
type IssueRefundWorker struct {
	river.WorkerDefaults[jobs.IssueRefundArgs]
	Refunds *refunds.Service
}

func (w *IssueRefundWorker) Work(ctx context.Context, job *river.Job[jobs.IssueRefundArgs]) error {
	return w.Refunds.IssueApproved(ctx, job.Args.RefundID)
}

// ProcessPayrollRunWorker submits payroll runs.
type ProcessPayrollRunWorker struct {
	river.WorkerDefaults[jobs.ProcessPayrollRunArgs]
	Payroll *payroll.Service
}

func (w *ProcessPayrollRunWorker) Timeout(*river.Job[jobs.ProcessPayrollRunArgs]) time.Duration {
	return 5 * time.Minute
}

func (w *ProcessPayrollRunWorker) Work(ctx context.Context, job *river.Job[jobs.ProcessPayrollRunArgs]) error {
	return w.Payroll.Submit(ctx, job.Args.RunID)
}

// SendPayslipsWorker e-mails payslips after a run is paid.
type SendPayslipsWorker struct {
	river.WorkerDefaults[jobs.SendPayslipsArgs]
	Mailer *payroll.PayslipMailer
}

func (w *SendPayslipsWorker) Work(ctx context.Context, job *river.Job[jobs.SendPayslipsArgs]) error {
	return w.Mailer.SendForRun(ctx, job.Args.RunID)
}

// VisaLetterNoticeWorker tells students about their visa letters.
type VisaLetterNoticeWorker struct {
	river.WorkerDefaults[jobs.VisaLetterNoticeArgs]
	Visa *visa.Service
}

func (w *VisaLetterNoticeWorker) Work(ctx context.Context, job *river.Job[jobs.VisaLetterNoticeArgs]) error {
	return w.Visa.NotifyStudent(ctx, job.Args.LetterID, job.Args.Template)
}

// Deps are the services the workers call.
type Deps struct {
	Collector *instalments.Collector
	Reminder  *instalments.Reminder
	Refunds   *refunds.Service
	Payroll   *payroll.Service
	Mailer    *payroll.PayslipMailer
	Visa      *visa.Service
	Log       *slog.Logger
}

// Register adds every worker to workers.
func Register(workers *river.Workers, d Deps) {
	river.AddWorker(workers, &ChargeInstalmentWorker{Collector: d.Collector, Log: d.Log})
	river.AddWorker(workers, &InstalmentReminderWorker{Reminder: d.Reminder})
	river.AddWorker(workers, &IssueRefundWorker{Refunds: d.Refunds})
	river.AddWorker(workers, &ProcessPayrollRunWorker{Payroll: d.Payroll})
	river.AddWorker(workers, &SendPayslipsWorker{Mailer: d.Mailer})
	river.AddWorker(workers, &VisaLetterNoticeWorker{Visa: d.Visa})
}
