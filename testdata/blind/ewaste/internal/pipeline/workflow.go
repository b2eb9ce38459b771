// Package pipeline is the Temporal side of the grading-to-payout pipeline:
// the workflow, its activities, and the helpers that start and signal it.
package pipeline

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/service"
)

const (
	// SignalOfferDecision carries "accept" or "decline" from the customer.
	SignalOfferDecision = "offer-decision"
	// OfferResponseWindow is how long a customer has to answer a revision;
	// silence counts as acceptance, as the terms of service say.
	OfferResponseWindow = 72 * time.Hour
)

// Input starts a pipeline run for one grading.
type Input struct {
	TradeInID uuid.UUID `json:"trade_in_id"`
	DeviceID  uuid.UUID `json:"device_id"`
	GradingID uuid.UUID `json:"grading_id"`
	Round     int       `json:"round"`
}

// Result summarises how the trade-in ended.
type Result struct {
	Outcome     string    `json:"outcome"` // paid_out | store_credit | returned
	PayoutID    uuid.UUID `json:"payout_id,omitempty"`
	AmountCents int64     `json:"amount_cents"`
}

func activityOptions() workflow.ActivityOptions {
	return workflow.ActivityOptions{
		StartToCloseTimeout: 45 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    2 * time.Second,
			BackoffCoefficient: 2.0,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    25,
			NonRetryableErrorTypes: []string{
				ErrTypeConflict, ErrTypeInvalid,
			},
		},
	}
}

// GradingToPayout prices the graded device, handles a revised offer, wipes
// the device and pays the customer.
func GradingToPayout(ctx workflow.Context, in Input) (Result, error) {
	ctx = workflow.WithActivityOptions(ctx, activityOptions())
	logger := workflow.GetLogger(ctx)
	var a *Activities

	var offer service.FinalOffer
	if err := workflow.ExecuteActivity(ctx, a.PriceFinalOffer, in).Get(ctx, &offer); err != nil {
		return Result{}, err
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordFinalOffer, offer).Get(ctx, nil); err != nil {
		return Result{}, err
	}

	if offer.Revised {
		notifyCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
			StartToCloseTimeout: 20 * time.Second,
			RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
		})
		if err := workflow.ExecuteActivity(notifyCtx, a.NotifyOfferRevised, offer).Get(ctx, nil); err != nil {
			// The revision is visible in the customer's account either way.
			logger.Warn("revision notice failed", "trade_in_id", in.TradeInID, "error", err)
		}
		decision := awaitDecision(ctx)
		logger.Info("offer decision", "trade_in_id", in.TradeInID, "decision", decision)
		if decision == model.DecisionDecline {
			if err := workflow.ExecuteActivity(ctx, a.RequestReturnShipment, in.TradeInID).Get(ctx, nil); err != nil {
				return Result{}, err
			}
			return Result{Outcome: "returned"}, nil
		}
		if err := workflow.ExecuteActivity(ctx, a.AcceptRevisedOffer, in.TradeInID).Get(ctx, nil); err != nil {
			return Result{}, err
		}
	}

	if err := workflow.ExecuteActivity(ctx, a.ScheduleDataWipe, in.DeviceID).Get(ctx, nil); err != nil {
		return Result{}, err
	}

	if offer.PayoutPreference == model.PreferStoreCredit {
		var credited int64
		if err := workflow.ExecuteActivity(ctx, a.CreditStoreBalance, in.TradeInID).Get(ctx, &credited); err != nil {
			return Result{}, err
		}
		return Result{Outcome: "store_credit", AmountCents: credited}, nil
	}

	var payoutID uuid.UUID
	if err := workflow.ExecuteActivity(ctx, a.CreatePayoutIntent, in.TradeInID).Get(ctx, &payoutID); err != nil {
		return Result{}, err
	}
	if err := workflow.ExecuteActivity(ctx, a.SubmitPayout, payoutID).Get(ctx, nil); err != nil {
		return Result{}, err
	}
	if err := workflow.ExecuteActivity(ctx, a.RecordLedgerEntry, payoutID).Get(ctx, nil); err != nil {
		return Result{}, err
	}
	if err := workflow.ExecuteActivity(ctx, a.PublishPayoutSubmitted, payoutID).Get(ctx, nil); err != nil {
		logger.Warn("payout.submitted not published", "payout_id", payoutID, "error", err)
	}
	return Result{Outcome: "paid_out", PayoutID: payoutID, AmountCents: offer.FinalCents}, nil
}

// awaitDecision waits for the first customer decision or the response
// window, whichever comes first. Later signals are drained and ignored.
func awaitDecision(ctx workflow.Context) string {
	ch := workflow.GetSignalChannel(ctx, SignalOfferDecision)
	timerCtx, cancelTimer := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(timerCtx, OfferResponseWindow)

	decision := model.DecisionAccept
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(ch, func(c workflow.ReceiveChannel, _ bool) {
		var d string
		c.Receive(ctx, &d)
		if d == model.DecisionDecline {
			decision = d
		}
		cancelTimer()
	})
	sel.AddFuture(timer, func(workflow.Future) {})
	sel.Select(ctx)

	for {
		var extra string
		if ok := ch.ReceiveAsync(&extra); !ok {
			break
		}
	}
	return decision
}
