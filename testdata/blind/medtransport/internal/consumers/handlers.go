package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"

	"github.com/carelift-health/nemt/internal/billing"
	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/platform/natsx"
	"github.com/carelift-health/nemt/internal/service/trips"
)

type handlers struct {
	deps Deps
}

func (h *handlers) rideRequested(ctx context.Context, ev events.RideRequested) error {
	return h.deps.PreAuth.RequestForRide(ctx, ev.RideID)
}

func (h *handlers) rideApproved(ctx context.Context, ev events.RideApproved) error {
	return h.deps.Trips.CreateForRide(ctx, ev.RideID)
}

func (h *handlers) tripDispatch(ctx context.Context, ev events.TripDispatch) error {
	err := h.deps.Trips.Dispatch(ctx, ev.TripID)
	if errors.Is(err, trips.ErrNoDriver) {
		h.deps.Log.Info("no driver free, will retry", "trip", ev.TripID)
	}
	return err
}

// tripCompleted hands a finished trip to the billing workflow.
func (h *handlers) tripCompleted(ctx context.Context, msg jetstream.Msg) error {
	var ev events.TripCompleted
	if err := json.Unmarshal(msg.Data(), &ev); err != nil {
		return natsx.Permanent(err)
	}
	if ev.TripID == uuid.Nil {
		return natsx.Permanent(errors.New("trip_id missing"))
	}

	opts := client.StartWorkflowOptions{
		// Suffixed so that ops can start billing again for a trip after a
		// run has finished.
		ID:        fmt.Sprintf("trip-billing-%s-%s", ev.TripID, uuid.NewString()[:8]),
		TaskQueue: h.deps.TaskQueue,
	}
	run, err := h.deps.Temporal.ExecuteWorkflow(ctx, opts, billing.WorkflowName, billing.TripBillingInput{TripID: ev.TripID})
	if err != nil {
		return fmt.Errorf("start billing for trip %s: %w", ev.TripID, err)
	}
	h.deps.Log.Info("billing started", "trip", ev.TripID, "workflow", run.GetID(), "run", run.GetRunID())
	return nil
}
