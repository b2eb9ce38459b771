// Package workflow holds the Temporal tender workflow, its activities and
// the client-side starter used by the API.
package workflow

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/haulgrid/loadboard/internal/domain"
)

const (
	// TaskQueue is the task queue the tender worker polls.
	TaskQueue = "tendering"
	// SignalTenderResponse carries a domain.TenderResponse.
	SignalTenderResponse = "tender-response"
)

// Outcome is the result of a tender workflow.
type Outcome struct {
	LoadID       string `json:"load_id"`
	Booked       bool   `json:"booked"`
	TenderID     string `json:"tender_id,omitempty"`
	CarrierID    string `json:"carrier_id,omitempty"`
	Rounds       int    `json:"rounds"`
	Subscription string `json:"subscription,omitempty"`
}

type roundResult int

const (
	roundAccepted roundResult = iota
	roundDeclined
	roundExpired
)

var activityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 30 * time.Second,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:    time.Second,
		BackoffCoefficient: 2,
		MaximumInterval:    time.Minute,
		MaximumAttempts:    20,
		NonRetryableErrorTypes: []string{
			"ValidationError",
			"TransitionError",
		},
	},
}

// TenderWorkflow offers a load to each candidate in turn until one accepts
// or the candidates run out, in which case the load goes back on the board.
func TenderWorkflow(ctx workflow.Context, plan domain.TenderPlan) (*Outcome, error) {
	ctx = workflow.WithActivityOptions(ctx, activityOptions)
	logger := workflow.GetLogger(ctx)
	info := workflow.GetInfo(ctx)
	responses := workflow.GetSignalChannel(ctx, SignalTenderResponse)

	var a *Activities
	out := &Outcome{LoadID: plan.LoadID}
	window := plan.OfferWindow
	if window <= 0 {
		window = 30 * time.Minute
	}

	for round, cand := range plan.Candidates {
		out.Rounds = round + 1
		if err := workflow.ExecuteActivity(ctx, a.RecordTenderAttempt, AttemptInput{
			LoadID: plan.LoadID, BidID: cand.BidID, WorkflowID: info.WorkflowExecution.ID,
			Round: round + 1, Outcome: "offered",
		}).Get(ctx, nil); err != nil {
			return nil, err
		}

		var tender domain.Tender
		if err := workflow.ExecuteActivity(ctx, a.CreateTenderOffer, OfferRequest{
			LoadID:     plan.LoadID,
			WorkflowID: info.WorkflowExecution.ID,
			Candidate:  cand,
			Window:     window,
		}).Get(ctx, &tender); err != nil {
			return nil, err
		}
		if err := workflow.ExecuteActivity(ctx, a.QueueTenderSMS, tender.ID).Get(ctx, nil); err != nil {
			logger.Warn("tender sms not queued", "tender_id", tender.ID, "error", err)
		}

		result, err := awaitResponse(ctx, responses, tender.ID, window)
		if err != nil {
			return nil, err
		}
		switch result {
		case roundAccepted:
			return book(ctx, a, out, plan, tender)
		case roundExpired:
			var expired bool
			if err := workflow.ExecuteActivity(ctx, a.ExpireTender, tender.ID).Get(ctx, &expired); err != nil {
				return nil, err
			}
			if !expired {
				// The carrier answered just as the window closed; the
				// response is already on its way as a signal.
				result, err = awaitResponse(ctx, responses, tender.ID, time.Minute)
				if err != nil {
					return nil, err
				}
				if result == roundAccepted {
					return book(ctx, a, out, plan, tender)
				}
			}
		}
		_ = workflow.ExecuteActivity(ctx, a.RecordTenderAttempt, AttemptInput{
			LoadID: plan.LoadID, BidID: cand.BidID, WorkflowID: info.WorkflowExecution.ID,
			Round: round + 1, Outcome: outcomeName(result),
		}).Get(ctx, nil)
	}

	if err := workflow.ExecuteActivity(ctx, a.ReopenLoad, plan.LoadID).Get(ctx, nil); err != nil {
		return nil, err
	}
	return out, nil
}

func book(ctx workflow.Context, a *Activities, out *Outcome, plan domain.TenderPlan, tender domain.Tender) (*Outcome, error) {
	out.Booked, out.TenderID, out.CarrierID = true, tender.ID, tender.CarrierID
	if err := workflow.ExecuteActivity(ctx, a.BookLoad, BookRequest{LoadID: plan.LoadID, TenderID: tender.ID}).Get(ctx, nil); err != nil {
		return nil, err
	}
	var sub string
	if err := workflow.ExecuteActivity(ctx, a.StartTracking, TrackingRequest{LoadID: plan.LoadID, TenderID: tender.ID}).Get(ctx, &sub); err != nil {
		workflow.GetLogger(ctx).Warn("tracking not started", "load_id", plan.LoadID, "error", err)
	}
	out.Subscription = sub
	if err := workflow.ExecuteActivity(ctx, a.NotifyShipperBooked, plan.LoadID).Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Warn("shipper not notified", "load_id", plan.LoadID, "error", err)
	}
	return out, nil
}

// awaitResponse waits for the response to tenderID, ignoring responses to
// earlier rounds, until the offer window closes.
func awaitResponse(ctx workflow.Context, ch workflow.ReceiveChannel, tenderID string, window time.Duration) (roundResult, error) {
	timerCtx, cancelTimer := workflow.WithCancel(ctx)
	defer cancelTimer()
	timer := workflow.NewTimer(timerCtx, window)

	for {
		var (
			resp     domain.TenderResponse
			timedOut bool
		)
		sel := workflow.NewSelector(ctx)
		sel.AddReceive(ch, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, &resp) })
		sel.AddFuture(timer, func(f workflow.Future) {
			timedOut = true
			if err := f.Get(ctx, nil); err != nil && !errors.Is(err, workflow.ErrCanceled) {
				workflow.GetLogger(ctx).Warn("offer timer failed", "error", err)
			}
		})
		sel.Select(ctx)
		if ctx.Err() != nil {
			return roundExpired, ctx.Err()
		}
		if timedOut {
			return roundExpired, nil
		}
		if resp.TenderID != tenderID {
			continue
		}
		if resp.Accepted {
			return roundAccepted, nil
		}
		return roundDeclined, nil
	}
}

func outcomeName(r roundResult) string {
	switch r {
	case roundAccepted:
		return "accepted"
	case roundDeclined:
		return "declined"
	default:
		return "expired"
	}
}
