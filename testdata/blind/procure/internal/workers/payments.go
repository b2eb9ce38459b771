package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/tasks"
)

// ExecutePaymentWorker submits scheduled payments to the bank.
type ExecutePaymentWorker struct {
	river.WorkerDefaults[tasks.ExecutePayment]
	payments PaymentExecutor
}

// Work implements river.Worker.
func (w *ExecutePaymentWorker) Work(ctx context.Context, job *river.Job[tasks.ExecutePayment]) error {
	return w.payments.Execute(ctx, job.Args.PaymentID)
}

// NextRetry backs off slowly: bank outages tend to last.
func (w *ExecutePaymentWorker) NextRetry(job *river.Job[tasks.ExecutePayment]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}

// PrepaymentWorker pays PO prepayments.
type PrepaymentWorker struct {
	river.WorkerDefaults[tasks.PayPrepayment]
	payer PrepaymentPayer
}

// Work implements river.Worker.
func (w *PrepaymentWorker) Work(ctx context.Context, job *river.Job[tasks.PayPrepayment]) error {
	return w.payer.Pay(ctx, job.Args.POID)
}

// RemittanceWorker sends REMADV for settled payments.
type RemittanceWorker struct {
	river.WorkerDefaults[tasks.SendRemittance]
	sender RemittanceSender
}

// Work implements river.Worker.
func (w *RemittanceWorker) Work(ctx context.Context, job *river.Job[tasks.SendRemittance]) error {
	return w.sender.Send(ctx, job.Args.PaymentID)
}
