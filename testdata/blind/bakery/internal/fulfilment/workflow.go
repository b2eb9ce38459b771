// Package fulfilment runs each order from production through delivery to
// payment as a Temporal workflow.
package fulfilment

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// TaskQueue is the default task queue for fulfilment workflows.
const TaskQueue = "order-fulfilment"

// Signal names.
const (
	SignalDelivered = "delivered"
	SignalCancelled = "cancelled"
)

// Input starts a fulfilment workflow.
type Input struct {
	OrderID      uuid.UUID `json:"order_id"`
	DeliveryDate time.Time `json:"delivery_date"`
}

// Result is how a fulfilment workflow finished.
type Result struct {
	Outcome    string    `json:"outcome"`
	InvoiceID  uuid.UUID `json:"invoice_id,omitempty"`
	DeliveryID uuid.UUID `json:"delivery_id,omitempty"`
}

// Outcomes.
const (
	OutcomeInvoiced    = "invoiced"
	OutcomeCancelled   = "cancelled"
	OutcomeUndelivered = "undelivered"
)

// DeliveredSignal is sent when proof of delivery has been stored.
type DeliveredSignal struct {
	At time.Time `json:"at"`
}

// InvoiceRef is what the workflow needs to know about a raised invoice.
type InvoiceRef struct {
	ID           uuid.UUID `json:"id"`
	Number       string    `json:"number"`
	BalancePence int       `json:"balance_pence"`
	Method       string    `json:"method"`
}

// CardResult is the outcome of charging a card.
type CardResult struct {
	IntentID      string `json:"intent_id"`
	AmountPence   int    `json:"amount_pence"`
	Declined      bool   `json:"declined"`
	DeclineReason string `json:"decline_reason,omitempty"`
}

// WorkflowID is the fulfilment workflow id for an order. Temporal refuses a
// second workflow with the same id, which makes starting idempotent.
func WorkflowID(orderID uuid.UUID) string {
	return "order-" + orderID.String()
}

// deliveryGrace is how long after the delivery date the workflow waits for
// proof of delivery before giving up on the order.
const deliveryGrace = 72 * time.Hour

var defaultActivityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 30 * time.Second,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:    2 * time.Second,
		BackoffCoefficient: 2,
		MaximumInterval:    5 * time.Minute,
		MaximumAttempts:    20,
		NonRetryableErrorTypes: []string{
			errTypeInvalid,
		},
	},
}

var paymentActivityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 45 * time.Second,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:    10 * time.Second,
		BackoffCoefficient: 2,
		MaximumInterval:    15 * time.Minute,
		MaximumAttempts:    8,
		NonRetryableErrorTypes: []string{
			errTypeInvalid,
		},
	},
}

// OrderFulfilment takes an order through production, delivery, invoicing
// and collection.
func OrderFulfilment(ctx workflow.Context, in Input) (Result, error) {
	var a *Activities
	logger := workflow.GetLogger(ctx)
	ctx = workflow.WithActivityOptions(ctx, defaultActivityOptions)

	cancelled := workflow.GetSignalChannel(ctx, SignalCancelled)
	delivered := workflow.GetSignalChannel(ctx, SignalDelivered)

	if err := workflow.ExecuteActivity(ctx, a.ReserveProduction, in.OrderID).Get(ctx, nil); err != nil {
		return Result{}, err
	}
	var res Result
	if err := workflow.ExecuteActivity(ctx, a.AllocateToRoute, in.OrderID).Get(ctx, &res.DeliveryID); err != nil {
		return Result{}, err
	}

	outcome := waitForDelivery(ctx, in, delivered, cancelled)
	switch outcome {
	case OutcomeCancelled:
		res.Outcome = OutcomeCancelled
		err := workflow.ExecuteActivity(ctx, a.ReleaseProduction, in.OrderID).Get(ctx, nil)
		return res, err
	case OutcomeUndelivered:
		logger.Warn("no proof of delivery before deadline", "order_id", in.OrderID)
		res.Outcome = OutcomeUndelivered
		return res, nil
	}

	var inv InvoiceRef
	if err := workflow.ExecuteActivity(ctx, a.CreateInvoice, in.OrderID).Get(ctx, &inv); err != nil {
		return res, err
	}
	res.InvoiceID = inv.ID
	res.Outcome = OutcomeInvoiced

	if err := workflow.ExecuteActivity(ctx, a.SendInvoiceEmail, inv.ID).Get(ctx, nil); err != nil {
		logger.Warn("invoice email not sent", "invoice", inv.Number, "err", err)
	}
	if inv.BalancePence == 0 {
		return res, nil
	}

	payCtx := workflow.WithActivityOptions(ctx, paymentActivityOptions)
	switch inv.Method {
	case "direct_debit":
		err := workflow.ExecuteActivity(payCtx, a.CollectDirectDebit, inv.ID).Get(ctx, nil)
		return res, err
	case "card":
		var card CardResult
		if err := workflow.ExecuteActivity(payCtx, a.ChargeCard, inv.ID).Get(ctx, &card); err != nil {
			return res, err
		}
		if card.Declined {
			logger.Info("card declined", "invoice", inv.Number, "reason", card.DeclineReason)
			err := workflow.ExecuteActivity(ctx, a.RecordCollectionFailure, inv.ID).Get(ctx, nil)
			return res, err
		}
		err := workflow.ExecuteActivity(ctx, a.RecordCardPayment, inv.ID, card).Get(ctx, nil)
		return res, err
	default:
		// Bank transfer customers pay against the emailed invoice.
		return res, nil
	}
}

func waitForDelivery(ctx workflow.Context, in Input, delivered, cancelled workflow.ReceiveChannel) string {
	deadline := in.DeliveryDate.Add(deliveryGrace)
	wait := deadline.Sub(workflow.Now(ctx))
	if wait < time.Minute {
		wait = time.Minute
	}
	timerCtx, cancelTimer := workflow.WithCancel(ctx)
	defer cancelTimer()

	var outcome string
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(delivered, func(c workflow.ReceiveChannel, _ bool) {
		var sig DeliveredSignal
		c.Receive(ctx, &sig)
		outcome = "delivered"
	})
	sel.AddReceive(cancelled, func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, nil)
		outcome = OutcomeCancelled
	})
	sel.AddFuture(workflow.NewTimer(timerCtx, wait), func(workflow.Future) {
		outcome = OutcomeUndelivered
	})
	sel.Select(ctx)
	return outcome
}
