// Package saga holds the Temporal workflows of the booking and relocation
// sagas, their activities and the client-side starter.
package saga

import (
	"errors"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/harbourline/hotels/internal/domain"
)

// ReleaseInput is the compensation input.
type ReleaseInput struct {
	ReservationID string        `json:"reservation_id"`
	Reason        string        `json:"reason"`
	FinalStatus   domain.Status `json:"final_status"`
	InventoryHeld bool          `json:"inventory_held"`
}

// BookingResult is returned by BookingWorkflow.
type BookingResult struct {
	ReservationID   string `json:"reservation_id"`
	Status          string `json:"status"`
	PaymentIntentID string `json:"payment_intent_id,omitempty"`
	FolioID         string `json:"folio_id,omitempty"`
}

var defaultActivityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 30 * time.Second,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:        time.Second,
		BackoffCoefficient:     2,
		MaximumInterval:        time.Minute,
		MaximumAttempts:        12,
		NonRetryableErrorTypes: []string{"SoldOut", "CardDeclined"},
	},
}

// BookingWorkflow holds inventory, places the card guarantee, opens the
// folio and confirms the reservation, compensating on failure.
func BookingWorkflow(ctx workflow.Context, in domain.BookingRequest) (BookingResult, error) {
	ctx = workflow.WithActivityOptions(ctx, defaultActivityOptions)
	var traceID string
	if err := workflow.SideEffect(ctx, func(workflow.Context) any { return uuid.NewString() }).Get(&traceID); err != nil {
		return BookingResult{}, err
	}
	logger := workflow.GetLogger(ctx)
	logger.Info("booking saga started", "reservation_id", in.ReservationID, "trace_id", traceID)

	var a *Activities
	result := BookingResult{ReservationID: in.ReservationID}

	if err := workflow.ExecuteActivity(ctx, a.HoldInventory, in).Get(ctx, nil); err != nil {
		compensate(ctx, ReleaseInput{ReservationID: in.ReservationID, Reason: "hold failed", FinalStatus: domain.StatusFailed})
		result.Status = string(domain.StatusFailed)
		return result, err
	}

	var auth PreauthResult
	if err := workflow.ExecuteActivity(ctx, a.PreauthoriseCard, in).Get(ctx, &auth); err != nil {
		compensate(ctx, ReleaseInput{ReservationID: in.ReservationID, Reason: "guarantee failed",
			FinalStatus: domain.StatusFailed, InventoryHeld: true})
		result.Status = string(domain.StatusFailed)
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == "CardDeclined" {
			return result, nil
		}
		return result, err
	}
	result.PaymentIntentID = auth.PaymentIntentID

	if err := workflow.ExecuteActivity(ctx, a.OpenFolio, in).Get(ctx, &result.FolioID); err != nil {
		return result, err
	}
	if err := workflow.ExecuteActivity(ctx, a.ConfirmReservation, in).Get(ctx, nil); err != nil {
		return result, err
	}
	result.Status = string(domain.StatusConfirmed)
	return result, nil
}

// RelocationWorkflow books the guest at a partner property and releases the
// hotel's own inventory.
func RelocationWorkflow(ctx workflow.Context, in domain.RelocationRequest) (string, error) {
	ctx = workflow.WithActivityOptions(ctx, defaultActivityOptions)
	var a *Activities
	var partnerRef string
	if err := workflow.ExecuteActivity(ctx, a.RelocateGuest, in).Get(ctx, &partnerRef); err != nil {
		return "", err
	}
	err := workflow.ExecuteActivity(ctx, a.ReleaseInventory, ReleaseInput{
		ReservationID: in.ReservationID,
		Reason:        "relocated: " + in.Reason,
		FinalStatus:   domain.StatusRelocated,
		InventoryHeld: true,
	}).Get(ctx, nil)
	return partnerRef, err
}

func compensate(ctx workflow.Context, in ReleaseInput) {
	var a *Activities
	cctx, _ := workflow.NewDisconnectedContext(ctx)
	if err := workflow.ExecuteActivity(cctx, a.ReleaseInventory, in).Get(cctx, nil); err != nil {
		workflow.GetLogger(ctx).Error("compensation failed", "reservation_id", in.ReservationID, "error", err)
	}
}
