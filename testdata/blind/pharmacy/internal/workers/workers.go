package workers

import (
	"context"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/cedarleaf/pharmacy/internal/inventory"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// Service interfaces the workers depend on.
type (
	PrescriptionVerifier interface {
		Verify(ctx context.Context, rxID uuid.UUID) error
	}
	ClaimProcessor interface {
		Adjudicate(ctx context.Context, orderID uuid.UUID) error
		Reverse(ctx context.Context, claimID uuid.UUID, reason string) error
	}
	CopayCapturer interface {
		CaptureCopay(ctx context.Context, orderID uuid.UUID, jobID int64) error
	}
	OrderProcessor interface {
		Fulfil(ctx context.Context, orderID uuid.UUID) error
		ExpireUnpaid(ctx context.Context, olderThan time.Duration) (int, error)
	}
	Dispatcher interface {
		Dispatch(ctx context.Context, shipmentID uuid.UUID) error
		HandleException(ctx context.Context, shipmentID uuid.UUID, eventID, reason string) error
	}
	Notifier interface {
		Deliver(ctx context.Context, notificationID uuid.UUID) error
		SendRefillReminders(ctx context.Context, asOf time.Time, leadDays int) (int, error)
	}
	StockReconciler interface {
		Reconcile(ctx context.Context, runID uuid.UUID, batch int) (inventory.ReconcileResult, error)
	}
)

// Deps bundles the services the workers need.
type Deps struct {
	Prescriptions PrescriptionVerifier
	Claims        ClaimProcessor
	Payments      CopayCapturer
	Orders        OrderProcessor
	Delivery      Dispatcher
	Notify        Notifier
	Inventory     StockReconciler
}

// Register adds every worker to ws.
func Register(ws *river.Workers, d Deps) {
	river.AddWorker(ws, handle(time.Minute, func(ctx context.Context, job *river.Job[tasks.VerifyPrescriptionArgs]) error {
		return d.Prescriptions.Verify(ctx, job.Args.PrescriptionID)
	}))
	river.AddWorker(ws, handle(2*time.Minute, func(ctx context.Context, job *river.Job[tasks.AdjudicateClaimArgs]) error {
		return d.Claims.Adjudicate(ctx, job.Args.OrderID)
	}))
	river.AddWorker(ws, handle(time.Minute, func(ctx context.Context, job *river.Job[tasks.FulfilOrderArgs]) error {
		return d.Orders.Fulfil(ctx, job.Args.OrderID)
	}))
	river.AddWorker(ws, handle(time.Minute, func(ctx context.Context, job *river.Job[tasks.DispatchCourierArgs]) error {
		return d.Delivery.Dispatch(ctx, job.Args.ShipmentID)
	}))

	river.AddWorker(ws, &ReverseClaimWorker{claims: d.Claims})
	river.AddWorker(ws, &CaptureCopayWorker{payments: d.Payments})
	river.AddWorker(ws, &DeliveryExceptionWorker{delivery: d.Delivery})
	river.AddWorker(ws, &SendSMSWorker{notify: d.Notify})
	river.AddWorker(ws, &RefillRemindersWorker{notify: d.Notify, now: time.Now})
	river.AddWorker(ws, &StockReconciliationWorker{inventory: d.Inventory})
	river.AddWorker(ws, &ExpireUnpaidOrdersWorker{orders: d.Orders})
}

// ReverseClaimWorker runs claims.reverse.
type ReverseClaimWorker struct {
	river.WorkerDefaults[tasks.ReverseClaimArgs]
	claims ClaimProcessor
}

func (w *ReverseClaimWorker) Work(ctx context.Context, job *river.Job[tasks.ReverseClaimArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	return w.claims.Reverse(ctx, job.Args.ClaimID, job.Args.Reason)
}

// CaptureCopayWorker runs payments.capture_copay.
type CaptureCopayWorker struct {
	river.WorkerDefaults[tasks.CaptureCopayArgs]
	payments CopayCapturer
}

func (w *CaptureCopayWorker) Work(ctx context.Context, job *river.Job[tasks.CaptureCopayArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	return w.payments.CaptureCopay(ctx, job.Args.OrderID, job.ID)
}

// NextRetry backs off slowly: card declines often clear after the patient
// updates their card in the app.
func (w *CaptureCopayWorker) NextRetry(job *river.Job[tasks.CaptureCopayArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * 10 * time.Minute)
}

// DeliveryExceptionWorker runs courier.exception.
type DeliveryExceptionWorker struct {
	river.WorkerDefaults[tasks.DeliveryExceptionArgs]
	delivery Dispatcher
}

func (w *DeliveryExceptionWorker) Work(ctx context.Context, job *river.Job[tasks.DeliveryExceptionArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	return w.delivery.HandleException(ctx, job.Args.ShipmentID, job.Args.EventID, job.Args.Reason)
}

// SendSMSWorker runs notifications.sms.
type SendSMSWorker struct {
	river.WorkerDefaults[tasks.SendSMSArgs]
	notify Notifier
}

func (w *SendSMSWorker) Work(ctx context.Context, job *river.Job[tasks.SendSMSArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	return w.notify.Deliver(ctx, job.Args.NotificationID)
}

// RefillRemindersWorker runs the daily refills.reminders sweep.
type RefillRemindersWorker struct {
	river.WorkerDefaults[tasks.RefillRemindersArgs]
	notify Notifier
	now    func() time.Time
}

func (w *RefillRemindersWorker) Work(ctx context.Context, job *river.Job[tasks.RefillRemindersArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	lead := job.Args.LeadDays
	if lead <= 0 {
		lead = 3
	}
	n, err := w.notify.SendRefillReminders(ctx, w.now(), lead)
	logx.From(ctx).Info("refill reminders queued", "count", n)
	return err
}

func (w *RefillRemindersWorker) Timeout(*river.Job[tasks.RefillRemindersArgs]) time.Duration {
	return 15 * time.Minute
}

// StockReconciliationWorker runs inventory.reconcile.
type StockReconciliationWorker struct {
	river.WorkerDefaults[tasks.StockReconciliationArgs]
	inventory StockReconciler
}

func (w *StockReconciliationWorker) Work(ctx context.Context, job *river.Job[tasks.StockReconciliationArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	runID := ids.Derive("inventory.reconcile", strconv.FormatInt(job.ID, 10))
	res, err := w.inventory.Reconcile(ctx, runID, job.Args.BatchSize)
	if err != nil {
		return err
	}
	logx.From(ctx).Info("reconciliation done", "lines", res.LinesPosted)
	return nil
}

func (w *StockReconciliationWorker) Timeout(*river.Job[tasks.StockReconciliationArgs]) time.Duration {
	return 30 * time.Minute
}

// ExpireUnpaidOrdersWorker runs orders.expire_unpaid.
type ExpireUnpaidOrdersWorker struct {
	river.WorkerDefaults[tasks.ExpireUnpaidOrdersArgs]
	orders OrderProcessor
}

func (w *ExpireUnpaidOrdersWorker) Work(ctx context.Context, job *river.Job[tasks.ExpireUnpaidOrdersArgs]) error {
	ctx = withJobLogger(ctx, job.Kind, job.ID, job.Attempt)
	age := job.Args.OlderThan
	if age <= 0 {
		age = 72 * time.Hour
	}
	n, err := w.orders.ExpireUnpaid(ctx, age)
	if err != nil {
		return err
	}
	logx.From(ctx).Info("expired unpaid orders", "count", n)
	return nil
}
