// Package transfers runs cross-border transfers of components to partner
// blood services as Temporal workflows.
package transfers

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const (
	// SignalArrived is sent when the receiving service confirms arrival.
	SignalArrived = "transfer-arrived"
	// ArrivalDeadline bounds how long we wait for the partner's confirmation.
	ArrivalDeadline = 72 * time.Hour
)

// WorkflowID is derived from the partner's request so that a repeated
// request maps onto the running workflow.
func WorkflowID(partnerCode, requestRef string) string {
	return "transfer/" + partnerCode + "/" + requestRef
}

// Input starts a transfer workflow.
type Input struct {
	TransferID string
	Carrier    string
}

// Arrival is the payload of SignalArrived.
type Arrival struct {
	ReceivedBy string    `json:"received_by"`
	ReceivedAt time.Time `json:"received_at"`
	Rejected   []string  `json:"rejected_units,omitempty"`
}

// TransferWorkflow reserves units, notifies the partner, records the
// shipment, waits for arrival and invoices.
func TransferWorkflow(ctx workflow.Context, in Input) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		HeartbeatTimeout:    30 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			MaximumAttempts:        25,
			NonRetryableErrorTypes: []string{ErrTypeNotFound},
		},
	})
	logger := workflow.GetLogger(ctx)
	var a *Activities

	var reserved ReserveResult
	if err := workflow.ExecuteActivity(ctx, a.ReserveUnits, in.TransferID).Get(ctx, &reserved); err != nil {
		return err
	}
	var ack SubmitResult
	if err := workflow.ExecuteActivity(ctx, a.SubmitToPartner, in.TransferID).Get(ctx, &ack); err != nil {
		return err
	}
	ship := ShipmentInput{TransferID: in.TransferID, Carrier: in.Carrier, PartnerAckRef: ack.AckRef}
	if err := workflow.ExecuteActivity(ctx, a.RecordShipment, ship).Get(ctx, nil); err != nil {
		return err
	}

	var arrival Arrival
	timedOut := false
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(workflow.GetSignalChannel(ctx, SignalArrived), func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, &arrival)
	})
	sel.AddFuture(workflow.NewTimer(ctx, ArrivalDeadline), func(workflow.Future) { timedOut = true })
	sel.Select(ctx)
	if timedOut {
		logger.Warn("no arrival confirmation from partner", "transfer", in.TransferID)
		return temporal.NewApplicationError("arrival not confirmed", "ArrivalTimeout")
	}

	if err := workflow.ExecuteActivity(ctx, a.ConfirmArrival, ArrivalInput{TransferID: in.TransferID, Arrival: arrival}).
		Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, a.SendInvoice, in.TransferID).Get(ctx, nil)
}
