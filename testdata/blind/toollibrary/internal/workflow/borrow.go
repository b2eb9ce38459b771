// Package workflow holds the Temporal borrow-return workflow, its
// activities, and the client-side gateway used by services to start and
// signal it.
package workflow

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/service"
)

const TaskQueue = "tool-loans"

// inspectionTimeout is how long a returned tool may wait for staff before
// it is assumed fine.
const inspectionTimeout = 72 * time.Hour

// returnOpenDebounce is the window in which repeated return requests do
// not open the locker again.
const returnOpenDebounce = 10 * time.Minute

var activityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 45 * time.Second,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:    2 * time.Second,
		BackoffCoefficient: 2,
		MaximumInterval:    time.Minute,
		MaximumAttempts:    8,
	},
}

// BorrowReturnWorkflow follows one loan from deposit hold to settlement.
func BorrowReturnWorkflow(ctx workflow.Context, in service.BorrowInput) error {
	ctx = workflow.WithActivityOptions(ctx, activityOptions)
	log := workflow.GetLogger(ctx)
	var a *Activities
	ref := LoanRef{LoanID: in.LoanID}

	var hold HoldResult
	if err := workflow.ExecuteActivity(ctx, a.HoldDeposit, ref).Get(ctx, &hold); err != nil {
		return err
	}
	if hold.Declined {
		log.Info("deposit declined, loan abandoned", "loan_id", in.LoanID)
		return nil
	}
	if err := workflow.ExecuteActivity(ctx, a.IssuePickupCode, ref).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.NotifyPickupReady, ref).Get(ctx, nil); err != nil {
		log.Warn("pickup notice failed", "err", err)
	}

	// ---- wait for pickup ----
	pickedUp := workflow.GetSignalChannel(ctx, service.SignalPickedUp)
	var pickup service.LockerSignal
	collected := false
	pickupTimer := workflow.NewTimer(ctx, in.PickupUntil.Sub(workflow.Now(ctx)))
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(pickedUp, func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, &pickup)
		collected = true
	})
	sel.AddFuture(pickupTimer, func(workflow.Future) {})
	sel.Select(ctx)
	if !collected {
		return workflow.ExecuteActivity(ctx, a.ReleaseDeposit, ReleaseInput{LoanID: in.LoanID, Reason: "not collected"}).Get(ctx, nil)
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordPickup, PickupInput{LoanID: in.LoanID, PickedUpAt: pickup.OccurredAt}).Get(ctx, nil); err != nil {
		return err
	}

	// ---- on loan: serve return requests until the tool is back ----
	returnRequested := workflow.GetSignalChannel(ctx, service.SignalReturnRequested)
	returned := workflow.GetSignalChannel(ctx, service.SignalReturned)
	dueChanged := workflow.GetSignalChannel(ctx, service.SignalDueChanged)
	var back service.LockerSignal
	var lastOpen time.Time
	isBack := false
	for !isBack {
		s := workflow.NewSelector(ctx)
		s.AddReceive(returnRequested, func(c workflow.ReceiveChannel, _ bool) {
			var req service.LockerSignal
			c.Receive(ctx, &req)
			// The app re-sends the request when the member taps again or
			// the call times out; the door stays unlatched long enough, so
			// requests close to the last open are dropped.
			if !lastOpen.IsZero() && workflow.Now(ctx).Sub(lastOpen) < returnOpenDebounce {
				return
			}
			lastOpen = workflow.Now(ctx)
			if err := workflow.ExecuteActivity(ctx, a.OpenReturnLocker, ref).Get(ctx, nil); err != nil {
				log.Warn("open for return failed", "err", err)
			}
		})
		s.AddReceive(dueChanged, func(c workflow.ReceiveChannel, _ bool) {
			var due time.Time
			c.Receive(ctx, &due)
			in.DueAt = due
		})
		s.AddReceive(returned, func(c workflow.ReceiveChannel, _ bool) {
			c.Receive(ctx, &back)
			isBack = true
		})
		s.Select(ctx)
	}
	drain(pickedUp)

	var ret ReturnResult
	if err := workflow.ExecuteActivity(ctx, a.RecordReturn, ReturnInput{LoanID: in.LoanID, ReturnedAt: back.OccurredAt}).Get(ctx, &ret); err != nil {
		return err
	}

	// ---- inspection ----
	inspection := service.InspectionInput{Inspector: "auto", Outcome: domain.InspectionOK, Notes: "no inspection within window"}
	inspected := workflow.GetSignalChannel(ctx, service.SignalInspected)
	ok, _ := inspected.ReceiveWithTimeout(ctx, inspectionTimeout, &inspection)
	if !ok {
		log.Info("inspection timed out, assuming ok", "loan_id", in.LoanID)
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordInspection, InspectionActivityInput{LoanID: in.LoanID, Inspection: inspection}).Get(ctx, nil); err != nil {
		return err
	}

	// ---- settlement ----
	var fee LateFeeResult
	if err := workflow.ExecuteActivity(ctx, a.ChargeLateFee, LateFeeInput{LoanID: in.LoanID, ReturnedAt: ret.ReturnedAt}).Get(ctx, &fee); err != nil {
		return err
	}
	switch inspection.Outcome {
	case domain.InspectionDamaged, domain.InspectionMissing:
		req := CaptureRequest{LoanID: in.LoanID, AmountCents: inspection.DamageCents, Reason: string(inspection.Outcome) + ": " + inspection.Notes}
		if err := workflow.ExecuteActivity(ctx, a.RequestDamageCapture, req).Get(ctx, nil); err != nil {
			return err
		}
	default:
		if err := workflow.ExecuteActivity(ctx, a.ReleaseDeposit, ReleaseInput{LoanID: in.LoanID, Reason: "returned"}).Get(ctx, nil); err != nil {
			return err
		}
	}
	if err := workflow.ExecuteActivity(ctx, a.SendReturnReceipt, ref).Get(ctx, nil); err != nil {
		log.Warn("return receipt failed", "err", err)
	}
	return nil
}

// drain discards signals that arrived after the step they were meant for
// (locker webhooks are re-signalled on every delivery).
func drain(c workflow.ReceiveChannel) {
	for {
		var ignored service.LockerSignal
		if !c.ReceiveAsync(&ignored) {
			return
		}
	}
}
