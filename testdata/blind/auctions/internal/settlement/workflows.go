// Package settlement contains the Temporal workflows that close auctions
// and settle sales, the activities they run, and the client-side gateway
// the API uses to start and signal them.
package settlement

import (
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/platform/ids"
)

// Signal names.
const (
	SignalExtend    = "extend-close"
	SignalCancel    = "cancel-auction"
	SignalPaid      = "payment-succeeded"
	SignalDelivered = "shipment-delivered"
)

// Timeouts for waiting on people.
const (
	PaymentWindow   = 72 * time.Hour
	DeliveryWindow  = 30 * 24 * time.Hour
	defaultStartTTL = 2 * time.Minute
)

// AuctionWorkflowID is the workflow ID for a lot's close process.
func AuctionWorkflowID(lotID string) string { return "auction/" + lotID }

// SettlementWorkflowID is the workflow ID for an order's settlement.
func SettlementWorkflowID(orderID string) string { return "settlement/" + orderID }

// AuctionInput starts AuctionCloseWorkflow.
type AuctionInput struct {
	LotID  string
	EndsAt time.Time
}

// SettlementInput starts SettlementWorkflow.
type SettlementInput struct {
	OrderID   string
	LotID     string
	AutoLabel bool
}

func activityOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: defaultStartTTL,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    2 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			NonRetryableErrorTypes: []string{
				"InvalidInput",
			},
		},
	})
}

// AuctionCloseWorkflow sleeps until the lot's end time, honouring
// anti-sniping extensions and cancellation, then closes the lot and starts
// settlement for a sale.
func AuctionCloseWorkflow(ctx workflow.Context, in AuctionInput) (domain.AuctionResult, error) {
	log := workflow.GetLogger(ctx)
	endsAt := in.EndsAt
	extendCh := workflow.GetSignalChannel(ctx, SignalExtend)
	cancelCh := workflow.GetSignalChannel(ctx, SignalCancel)

	for {
		wait := endsAt.Sub(workflow.Now(ctx))
		if wait <= 0 {
			break
		}
		timerCtx, stopTimer := workflow.WithCancel(ctx)
		timer := workflow.NewTimer(timerCtx, wait)
		fired, cancelled := false, false
		sel := workflow.NewSelector(ctx)
		sel.AddFuture(timer, func(f workflow.Future) { fired = f.Get(ctx, nil) == nil })
		sel.AddReceive(extendCh, func(c workflow.ReceiveChannel, _ bool) {
			var t time.Time
			c.Receive(ctx, &t)
			if t.After(endsAt) {
				endsAt = t
			}
			stopTimer()
		})
		sel.AddReceive(cancelCh, func(c workflow.ReceiveChannel, _ bool) {
			var reason string
			c.Receive(ctx, &reason)
			log.Info("auction cancelled", "lot", in.LotID, "reason", reason)
			cancelled = true
			stopTimer()
		})
		sel.Select(ctx)
		if cancelled {
			return domain.AuctionResult{LotID: in.LotID, Outcome: domain.LotCancelled}, nil
		}
		if fired {
			break
		}
	}

	actx := activityOptions(ctx)
	var a *Activities
	var res domain.AuctionResult
	if err := workflow.ExecuteActivity(actx, a.CloseAuction, in.LotID).Get(ctx, &res); err != nil {
		return domain.AuctionResult{}, err
	}
	if res.Outcome != domain.LotSold {
		return res, nil
	}

	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID:        SettlementWorkflowID(res.OrderID),
		ParentClosePolicy: enums.PARENT_CLOSE_POLICY_ABANDON,
	})
	child := workflow.ExecuteChildWorkflow(cctx, SettlementWorkflow, SettlementInput{
		OrderID: res.OrderID, LotID: in.LotID, AutoLabel: true,
	})
	var exec workflow.Execution
	if err := child.GetChildWorkflowExecution().Get(ctx, &exec); err != nil {
		return domain.AuctionResult{}, err
	}

	losers := LosersInput{LotID: in.LotID, WinnerID: res.WinnerID}
	if err := workflow.ExecuteActivity(actx, a.NotifyLosingBidders, losers).Get(ctx, nil); err != nil {
		log.Warn("notify losing bidders", "err", err)
	}
	return res, nil
}

// SettlementWorkflow takes a sold lot from hammer to seller payout.
func SettlementWorkflow(ctx workflow.Context, in SettlementInput) error {
	log := workflow.GetLogger(ctx)
	actx := activityOptions(ctx)
	var a *Activities

	var ref string
	if err := workflow.SideEffect(ctx, func(workflow.Context) any {
		return ids.UUID()
	}).Get(&ref); err != nil {
		return err
	}

	if err := workflow.ExecuteActivity(actx, a.OpenSettlement, OpenInput{OrderID: in.OrderID, Ref: ref}).Get(ctx, nil); err != nil {
		return err
	}

	var charge ChargeOutcome
	if err := workflow.ExecuteActivity(actx, a.ChargeWinner, in.OrderID).Get(ctx, &charge); err != nil {
		return err
	}
	tpl := notify.TplAuctionWon
	if charge.Status != "succeeded" {
		tpl = notify.TplPaymentRequired
	}
	if err := workflow.ExecuteActivity(actx, a.NotifyWinner, NotifyInput{OrderID: in.OrderID, Template: tpl}).Get(ctx, nil); err != nil {
		log.Warn("notify winner", "err", err)
	}

	if !waitForSignal(ctx, SignalPaid, PaymentWindow) {
		log.Info("payment window lapsed", "order", in.OrderID)
		return nil
	}

	if err := workflow.ExecuteActivity(actx, a.RecordSettlementLedger, in.OrderID).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(actx, a.InsureShipment, in.OrderID).Get(ctx, nil); err != nil {
		return err
	}
	if in.AutoLabel {
		if err := workflow.ExecuteActivity(actx, a.PurchaseLabel, in.OrderID).Get(ctx, nil); err != nil {
			return err
		}
	}

	if !waitForSignal(ctx, SignalDelivered, DeliveryWindow) {
		log.Info("no delivery confirmation; releasing on timeout", "order", in.OrderID)
	}

	payout := PayoutInput{OrderID: in.OrderID, SettlementRef: ref}
	return workflow.ExecuteActivity(actx, a.CreateSellerPayout, payout).Get(ctx, nil)
}

// waitForSignal blocks until the named signal arrives or the timeout fires.
func waitForSignal(ctx workflow.Context, name string, timeout time.Duration) bool {
	got := false
	tctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(workflow.GetSignalChannel(ctx, name), func(c workflow.ReceiveChannel, _ bool) {
		var v any
		c.Receive(ctx, &v)
		got = true
	})
	sel.AddFuture(workflow.NewTimer(tctx, timeout), func(workflow.Future) {})
	sel.Select(ctx)
	return got
}
