package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/tasks"
)

// SendReceiptWorker e-mails a payment receipt.
type SendReceiptWorker struct {
	river.WorkerDefaults[tasks.SendReceiptArgs]

	Notify notify.Service
}

func (w *SendReceiptWorker) Work(ctx context.Context, job *river.Job[tasks.SendReceiptArgs]) error {
	return w.Notify.SendReceipt(ctx, job.Args.PaymentID)
}

// RentReminderWorker texts tenants a few days before rent is due.
type RentReminderWorker struct {
	river.WorkerDefaults[tasks.RentReminderArgs]

	Notify notify.Service
	Log    *slog.Logger
}

func (w *RentReminderWorker) Work(ctx context.Context, job *river.Job[tasks.RentReminderArgs]) error {
	due, err := tasks.ParseDate(job.Args.DueOn)
	if err != nil {
		return river.JobCancel(err)
	}
	n, err := w.Notify.SendRentReminders(ctx, due)
	w.Log.Info("rent reminders sent", "due_on", job.Args.DueOn, "sent", n, "attempt", job.Attempt)
	return err
}
