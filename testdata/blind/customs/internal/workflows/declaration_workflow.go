package workflows

import (
	"time"

	"github.com/oklog/ulid/v2"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

var defaultRetry = &temporal.RetryPolicy{
	InitialInterval:        5 * time.Second,
	BackoffCoefficient:     2,
	MaximumInterval:        5 * time.Minute,
	MaximumAttempts:        25,
	NonRetryableErrorTypes: []string{"Rejected", "Declined", "Cancelled"},
}

// DeclarationWorkflow drives one shipment from preparation to a final
// customs decision.
func DeclarationWorkflow(ctx workflow.Context, in DeclarationInput) (*DeclarationResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         defaultRetry,
	})
	logger := workflow.GetLogger(ctx)

	// A correlation id for the logs of this run; SideEffect keeps it stable
	// across replays.
	var traceID string
	_ = workflow.SideEffect(ctx, func(workflow.Context) any {
		return ulid.Make().String()
	}).Get(&traceID)
	logger.Info("declaration workflow started", "shipment", in.ShipmentID, "trace", traceID)

	var a *DeclarationActivities

	var prep PrepareResult
	if err := workflow.ExecuteActivity(ctx, a.PrepareDeclaration, in.ShipmentID).Get(ctx, &prep); err != nil {
		return nil, err
	}
	var filed FileResult
	if err := workflow.ExecuteActivity(ctx, a.FileDeclaration, prep.DeclarationID).Get(ctx, &filed); err != nil {
		_ = notifyImporter(ctx, a, in.ShipmentID, "declaration.rejected", "Declaration rejected by customs",
			map[string]string{"lrn": prep.LRN})
		return nil, err
	}
	if err := workflow.ExecuteActivity(ctx, a.PayDuties, prep.DeclarationID).Get(ctx, nil); err != nil {
		_ = notifyImporter(ctx, a, in.ShipmentID, "duties.payment_failed", "We could not pay your import duties",
			map[string]string{"mrn": filed.MRN})
		return nil, err
	}
	_ = notifyImporter(ctx, a, in.ShipmentID, "declaration.filed", "Declaration filed",
		map[string]string{"mrn": filed.MRN})

	result := &DeclarationResult{DeclarationID: prep.DeclarationID, MRN: filed.MRN}
	decisions := workflow.GetSignalChannel(ctx, SignalDecision)
	seen := map[string]bool{}
	for {
		var d DecisionSignal
		decisions.Receive(ctx, &d)
		if seen[d.EventID] {
			continue
		}
		seen[d.EventID] = true
		logger.Info("customs decision", "decision", d.Decision, "event", d.EventID)

		switch d.Decision {
		case "held":
			if err := workflow.ExecuteActivity(ctx, a.AlertHold, prep.DeclarationID).Get(ctx, nil); err != nil {
				logger.Warn("hold alert failed", "err", err)
			}
			var bookingID string
			if err := workflow.ExecuteActivity(ctx, a.BookInspection, prep.DeclarationID).Get(ctx, &bookingID); err != nil {
				return nil, err
			}
			_ = notifyImporter(ctx, a, in.ShipmentID, "declaration.held", "Customs examination booked",
				map[string]string{"mrn": filed.MRN, "booking": bookingID, "note": d.Note})

		case "released":
			if err := workflow.ExecuteActivity(ctx, a.RecordClearance, prep.DeclarationID).Get(ctx, nil); err != nil {
				return nil, err
			}
			if err := workflow.ExecuteActivity(ctx, a.ReleaseDeposits, in.ShipmentID).Get(ctx, nil); err != nil {
				logger.Error("deposit release failed", "err", err)
			}
			_ = notifyImporter(ctx, a, in.ShipmentID, "declaration.released", "Goods released by customs",
				map[string]string{"mrn": filed.MRN})
			result.Decision = d.Decision
			return result, nil

		default:
			_ = notifyImporter(ctx, a, in.ShipmentID, "declaration.rejected", "Declaration rejected by customs",
				map[string]string{"mrn": filed.MRN, "note": d.Note})
			result.Decision = d.Decision
			return result, nil
		}
	}
}

func notifyImporter(ctx workflow.Context, a *DeclarationActivities, shipmentID, kind, subject string, data map[string]string) error {
	return workflow.ExecuteActivity(ctx, a.NotifyImporter, NotifyInput{
		ShipmentID: shipmentID, Kind: kind, Subject: subject, Data: data,
	}).Get(ctx, nil)
}
