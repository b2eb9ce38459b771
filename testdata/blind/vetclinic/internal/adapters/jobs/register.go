package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/services"
)

// Services is everything the workers call into.
type Services struct {
	Labs        *services.LabService
	Refills     *services.RefillService
	Reminders   *services.ReminderService
	Loyalty     *services.LoyaltyService
	Billing     *services.BillingService
	Settlements *services.SettlementService
}

// Register adds every worker to ws.
func Register(ws *river.Workers, s Services) {
	river.AddWorker(ws, handle(func(ctx context.Context, a jobargs.SubmitLabOrder) error {
		return s.Labs.Submit(ctx, a.LabOrderID)
	}, WithJobTimeout(time.Minute)))

	river.AddWorker(ws, handle(func(ctx context.Context, a jobargs.NotifyLabResult) error {
		return s.Labs.NotifyResult(ctx, a.LabResultID)
	}))

	river.AddWorker(ws, handle(func(ctx context.Context, _ jobargs.PollLabStatuses) error {
		_, err := s.Labs.PollStatuses(ctx, 200)
		return err
	}, WithJobTimeout(5*time.Minute)))

	river.AddWorker(ws, &RouteRefillWorker{refills: s.Refills})

	river.AddWorker(ws, &SendReminderWorker{reminders: s.Reminders})

	river.AddWorker(ws, handle(s.Reminders.SendRescheduleNotice))

	river.AddWorker(ws, handle(func(ctx context.Context, _ jobargs.ScanReminders) error {
		_, err := s.Reminders.ScanDue(ctx)
		return err
	}))

	river.AddWorker(ws, handle(func(ctx context.Context, a jobargs.AccrueLoyalty) error {
		return s.Loyalty.Accrue(ctx, a.InvoiceID, a.PaymentID)
	}))

	river.AddWorker(ws, handle(s.Billing.ProcessRefund))

	river.AddWorker(ws, handle(func(ctx context.Context, _ jobargs.NightlySettlement) error {
		return s.Settlements.RunNightly(ctx)
	}, WithJobTimeout(15*time.Minute)))
}
