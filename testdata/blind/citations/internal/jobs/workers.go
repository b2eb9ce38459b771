package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/service"
)

// Services are the domain services the workers call.
type Services struct {
	Intake      *service.IntakeService
	Plans       *service.PlanService
	Payments    *service.PaymentService
	Holds       *service.HoldService
	Collections *service.CollectionsService
	Log         *slog.Logger
}

// NewWorkers registers every worker.
func NewWorkers(s Services) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &VendorImportWorker{intake: s.Intake, log: s.Log})
	river.AddWorker(w, &InstallmentSweepWorker{plans: s.Plans, log: s.Log})
	river.AddWorker(w, &InstallmentChargeWorker{plans: s.Plans})
	river.AddWorker(w, &InstallmentReminderWorker{plans: s.Plans})
	river.AddWorker(w, &DismissalRefundWorker{payments: s.Payments})
	river.AddWorker(w, &EvidencePackageWorker{intake: s.Intake})
	river.AddWorker(w, &HoldReconcileWorker{holds: s.Holds, log: s.Log})
	river.AddWorker(w, &CollectionsRecallWorker{collections: s.Collections})
	return w
}

// cancelOnValidation stops retrying jobs whose input can never succeed.
func cancelOnValidation(err error) error {
	if errors.Is(err, service.ErrValidation) || errors.Is(err, service.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

// VendorImportWorker imports one vendor's nightly batch.
type VendorImportWorker struct {
	river.WorkerDefaults[jobargs.VendorImport]
	intake *service.IntakeService
	log    *slog.Logger
}

func (w *VendorImportWorker) Timeout(*river.Job[jobargs.VendorImport]) time.Duration {
	return 30 * time.Minute
}

func (w *VendorImportWorker) Work(ctx context.Context, job *river.Job[jobargs.VendorImport]) error {
	day, err := jobargs.ParseDate(job.Args.BatchDate)
	if err != nil {
		return river.JobCancel(fmt.Errorf("bad batch date %q: %w", job.Args.BatchDate, err))
	}
	sum, err := w.intake.ImportBatch(ctx, job.Args.Vendor, day)
	if err != nil {
		return cancelOnValidation(err)
	}
	w.log.Info("vendor batch imported", "vendor", sum.Vendor, "date", job.Args.BatchDate,
		"records", sum.Records, "accepted", sum.Accepted, "skipped", sum.Skipped)
	return nil
}

// InstallmentSweepWorker fans out the day's installment charges and
// reminders.
type InstallmentSweepWorker struct {
	river.WorkerDefaults[jobargs.InstallmentSweep]
	plans *service.PlanService
	log   *slog.Logger
}

func (w *InstallmentSweepWorker) Work(ctx context.Context, job *river.Job[jobargs.InstallmentSweep]) error {
	charges, reminders, err := w.plans.FanOut(ctx, time.Now().UTC())
	if err != nil {
		return err
	}
	w.log.Info("installment sweep", "charges", charges, "reminders", reminders)
	return nil
}

// InstallmentChargeWorker charges one installment.
type InstallmentChargeWorker struct {
	river.WorkerDefaults[jobargs.InstallmentCharge]
	plans *service.PlanService
}

func (w *InstallmentChargeWorker) Work(ctx context.Context, job *river.Job[jobargs.InstallmentCharge]) error {
	err := w.plans.ChargeInstallment(ctx, job.Args.PlanID, job.Args.Seq)
	if errors.Is(err, service.ErrInstallmentDeclined) {
		// The sweep picks the installment up again tomorrow.
		return river.JobCancel(err)
	}
	return cancelOnValidation(err)
}

// InstallmentReminderWorker sends one installment reminder.
type InstallmentReminderWorker struct {
	river.WorkerDefaults[jobargs.InstallmentReminder]
	plans *service.PlanService
}

func (w *InstallmentReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.InstallmentReminder]) error {
	return cancelOnValidation(w.plans.SendReminder(ctx, job.Args.PlanID, job.Args.Seq))
}

// DismissalRefundWorker refunds a payment on a dismissed citation.
type DismissalRefundWorker struct {
	river.WorkerDefaults[jobargs.DismissalRefund]
	payments *service.PaymentService
}

func (w *DismissalRefundWorker) Work(ctx context.Context, job *river.Job[jobargs.DismissalRefund]) error {
	return cancelOnValidation(w.payments.RefundForDismissal(ctx, job.Args.PaymentID, job.Args.HearingID))
}

// EvidencePackageWorker requests the vendor's evidence package. The job's
// RequestID is the vendor request_key, so a retried job gets the package
// the vendor already prepared.
type EvidencePackageWorker struct {
	river.WorkerDefaults[jobargs.EvidencePackage]
	intake *service.IntakeService
}

func (w *EvidencePackageWorker) Work(ctx context.Context, job *river.Job[jobargs.EvidencePackage]) error {
	a := job.Args
	return cancelOnValidation(w.intake.RecordEvidencePackage(ctx, a.Vendor, a.VendorEventID, a.ViolationID, a.RequestID))
}

// HoldReconcileWorker releases holds on citations that no longer owe.
type HoldReconcileWorker struct {
	river.WorkerDefaults[jobargs.HoldReconcile]
	holds *service.HoldService
	log   *slog.Logger
}

func (w *HoldReconcileWorker) Work(ctx context.Context, job *river.Job[jobargs.HoldReconcile]) error {
	n, err := w.holds.ReconcileReleases(ctx, 200)
	if err != nil {
		return err
	}
	if n > 0 {
		w.log.Info("released DMV holds", "count", n)
	}
	return nil
}

// CollectionsRecallWorker recalls a paid citation from the agency.
type CollectionsRecallWorker struct {
	river.WorkerDefaults[jobargs.CollectionsRecall]
	collections *service.CollectionsService
}

func (w *CollectionsRecallWorker) Work(ctx context.Context, job *river.Job[jobargs.CollectionsRecall]) error {
	return cancelOnValidation(w.collections.Recall(ctx, job.Args.CitationID, job.Args.Reason))
}
