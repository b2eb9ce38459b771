package jobs

import (
	"context"
	"errors"

	"github.com/riverqueue/river"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/services"
)

// ignoreMissing turns a vanished row into a finished job.
func ignoreMissing(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

type ReminderWorker struct {
	river.WorkerDefaults[ReminderArgs]
	messaging *services.MessagingService
}

func (w *ReminderWorker) Work(ctx context.Context, job *river.Job[ReminderArgs]) error {
	a := job.Args
	return ignoreMissing(w.messaging.SendReminder(ctx, a.AppointmentID, a.Template, a.StartsAt))
}

type MessageWorker struct {
	river.WorkerDefaults[MessageArgs]
	messaging *services.MessagingService
}

func (w *MessageWorker) Work(ctx context.Context, job *river.Job[MessageArgs]) error {
	return ignoreMissing(w.messaging.Deliver(ctx, job.Args.MessageID))
}

type NoShowChargeWorker struct {
	river.WorkerDefaults[NoShowChargeArgs]
	payments *services.PaymentService
}

func (w *NoShowChargeWorker) Work(ctx context.Context, job *river.Job[NoShowChargeArgs]) error {
	return ignoreMissing(w.payments.ChargeNoShowFee(ctx, job.Args.AppointmentID))
}

type ReconcileWorker struct {
	river.WorkerDefaults[ReconcilePaymentArgs]
	payments *services.PaymentService
}

func (w *ReconcileWorker) Work(ctx context.Context, job *river.Job[ReconcilePaymentArgs]) error {
	return ignoreMissing(w.payments.Reconcile(ctx, job.Args.PaymentID))
}

type VoucherDeliveryWorker struct {
	river.WorkerDefaults[VoucherDeliveryArgs]
	vouchers *services.VoucherService
}

func (w *VoucherDeliveryWorker) Work(ctx context.Context, job *river.Job[VoucherDeliveryArgs]) error {
	return ignoreMissing(w.vouchers.Deliver(ctx, job.Args.VoucherID))
}

type CommissionWorker struct {
	river.WorkerDefaults[CommissionArgs]
	payouts *services.PayoutService
}

func (w *CommissionWorker) Work(ctx context.Context, job *river.Job[CommissionArgs]) error {
	return ignoreMissing(w.payouts.AccrueCommission(ctx, job.Args.AppointmentID))
}

type WeeklyPayoutWorker struct {
	river.WorkerDefaults[WeeklyPayoutArgs]
	payouts *services.PayoutService
}

func (w *WeeklyPayoutWorker) Work(ctx context.Context, job *river.Job[WeeklyPayoutArgs]) error {
	err := w.payouts.RunWeekly(ctx, job.Args.StylistID, job.Args.PeriodStart)
	if errors.Is(err, domain.ErrNoPayoutAccount) {
		return river.JobCancel(err)
	}
	return ignoreMissing(err)
}

type LoyaltyExpiryWorker struct {
	river.WorkerDefaults[LoyaltyExpiryArgs]
	loyalty *services.LoyaltyService
}

func (w *LoyaltyExpiryWorker) Work(ctx context.Context, job *river.Job[LoyaltyExpiryArgs]) error {
	return w.loyalty.Expire(ctx, job.Args.ClientID, job.Args.Period)
}
