// Package consumer maps transfer queue message types onto services.
package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/transferq"
	"github.com/shelfwise-labs/branchline/internal/tasks"
)

// TransferSteps are the transfer service's queue handlers.
type TransferSteps interface {
	OnRequested(ctx context.Context, msgID string, m domain.TransferMessage) error
	OnShipped(ctx context.Context, msgID string, m domain.TransferMessage) error
	OnCancelled(ctx context.Context, msgID string, m domain.TransferMessage) error
}

// Arrivals readies holds when their copy comes in.
type Arrivals interface {
	OnItemArrived(ctx context.Context, m domain.TransferMessage) (domain.Hold, error)
}

// Routes is the consumer's routing table.
func Routes(t TransferSteps, a Arrivals, q tasks.Enqueuer, newTaskID ids.Generator) []transferq.Route {
	arrived := &arrivalHandler{holds: a, tasks: q, newTaskID: newTaskID}
	return []transferq.Route{
		{Type: domain.MsgTransferRequested, Handler: withMessage(t.OnRequested)},
		{Type: domain.MsgTransferShipped, Handler: withMessage(t.OnShipped)},
		{Type: domain.MsgTransferCancelled, Handler: withMessage(t.OnCancelled)},
		{Type: domain.MsgTransferArrived, Handler: withMessage(arrived.handle)},
	}
}

// arrivalHandler readies the hold and queues the pickup notice.
type arrivalHandler struct {
	holds     Arrivals
	tasks     tasks.Enqueuer
	newTaskID ids.Generator
}

func (h *arrivalHandler) handle(ctx context.Context, _ string, m domain.TransferMessage) error {
	hold, err := h.holds.OnItemArrived(ctx, m)
	if err != nil {
		return err
	}
	if hold.Status != domain.HoldReady {
		return nil
	}
	// The hold may already have been ready if an earlier delivery of this
	// message got this far, so the notice is queued again in case that
	// delivery failed before it was queued.
	task, err := tasks.New(tasks.TypeHoldReady, tasks.HoldReadyPayload{HoldID: hold.ID},
		asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(10))
	if err != nil {
		return err
	}
	if _, err := h.tasks.EnqueueContext(ctx, task, asynq.TaskID(h.newTaskID())); err != nil {
		return fmt.Errorf("queue hold-ready notice: %w", err)
	}
	return nil
}

// withMessage decodes the body and keys the handler on the producer's
// deduplication id, which is the same on every redelivery.
func withMessage(fn func(context.Context, string, domain.TransferMessage) error) transferq.Handler {
	return func(ctx context.Context, d transferq.Delivery) error {
		var m domain.TransferMessage
		if err := json.Unmarshal(d.Body, &m); err != nil {
			return fmt.Errorf("decode %s: %w", d.Type, err)
		}
		key := d.DedupID
		if key == "" {
			key = d.MessageID
		}
		return fn(ctx, key, m)
	}
}
