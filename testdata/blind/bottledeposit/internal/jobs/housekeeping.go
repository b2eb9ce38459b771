package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/vouchers"
)

// PayoutReconcileWorker republishes stuck payouts and polls providers.
type PayoutReconcileWorker struct {
	river.WorkerDefaults[PayoutReconcileArgs]
	Payouts *payouts.Service
	Now     func() time.Time
}

func (w *PayoutReconcileWorker) Work(ctx context.Context, job *river.Job[PayoutReconcileArgs]) error {
	return w.Payouts.Reconcile(ctx, w.Now())
}

// VoucherExpiryWorker expires old vouchers.
type VoucherExpiryWorker struct {
	river.WorkerDefaults[VoucherExpiryArgs]
	Vouchers *vouchers.Service
	Log      *slog.Logger
	Now      func() time.Time
}

func (w *VoucherExpiryWorker) Work(ctx context.Context, job *river.Job[VoucherExpiryArgs]) error {
	n, err := w.Vouchers.ExpireOld(ctx, w.Now())
	if n > 0 {
		w.Log.Info("vouchers expired", "count", n)
	}
	return err
}
