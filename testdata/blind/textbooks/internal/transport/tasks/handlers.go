// Package tasks maps asynq task types to service calls. asynq retries a
// task whose handler returns an error (up to MaxRetry, then archives it),
// and redelivers tasks whose worker died mid-run once their lease expires.
package tasks

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/queue"
)

type Handlers struct {
	Payouts    app.PayoutService
	Listings   app.ListingService
	Orders     app.OrderService
	Notifier   app.Notifier
	Settlement app.SettlementService
	Relay      app.OutboxRelay
	Campus     *time.Location
}

// Table returns the task type → handler registrations for the worker mux.
func (h *Handlers) Table() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		queue.TypePayoutDisburse: typed(func(ctx context.Context, p queue.PayoutTask) error {
			return h.Payouts.Disburse(ctx, p.PayoutID)
		}),
		queue.TypeCreditIssue: typed(func(ctx context.Context, p queue.PayoutTask) error {
			return h.Payouts.IssueCredit(ctx, p.PayoutID)
		}),
		queue.TypeListingRelist: typed(func(ctx context.Context, p queue.CopyTask) error {
			return h.Listings.Relist(ctx, p.CopyID)
		}),
		queue.TypeOrderCharge: typed(func(ctx context.Context, p queue.OrderTask) error {
			return h.Orders.Charge(ctx, p.OrderID)
		}),
		queue.TypeOrderFulfil: typed(func(ctx context.Context, p queue.OrderTask) error {
			return h.Orders.StartFulfilment(ctx, p.OrderID)
		}),
		queue.TypeNotifyEmail: typed(func(ctx context.Context, p queue.NotificationTask) error {
			return h.Notifier.SendEmail(ctx, p.NotificationID)
		}),
		queue.TypeSettlementNightly: typed(h.settlementNightly),
		queue.TypeWholesalePickup: typed(func(ctx context.Context, p queue.PickupTask) error {
			return h.Settlement.SchedulePickup(ctx, p.BatchID)
		}),
		queue.TypeWholesaleRegrade: typed(h.applyRegrade),
		queue.TypeOutboxRelay:      h.relayOutbox,
	}
}

// typed decodes the payload before calling fn.
func typed[T any](fn func(context.Context, T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := queue.Decode[T](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

func (h *Handlers) settlementNightly(ctx context.Context, p queue.SettlementTask) error {
	day := time.Now().In(h.Campus).AddDate(0, 0, -1)
	if p.BusinessDate != "" {
		d, err := time.ParseInLocation(time.DateOnly, p.BusinessDate, h.Campus)
		if err != nil {
			return fmt.Errorf("business date: %v: %w", err, asynq.SkipRetry)
		}
		day = d
	}
	y, m, d := day.Date()
	return h.Settlement.RunNightly(ctx, time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
}

func (h *Handlers) applyRegrade(ctx context.Context, p queue.RegradeTask) error {
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("regrade without task id: %w", asynq.SkipRetry)
	}
	lines := make([]app.RegradeEntry, 0, len(p.Lines))
	for _, l := range p.Lines {
		lines = append(lines, app.RegradeEntry{CopyID: l.CopyID, NewGrade: l.NewGrade, DeltaCents: l.DeltaCents})
	}
	return h.Settlement.ApplyRegrade(ctx, taskID, p.PartnerLotID, lines)
}

func (h *Handlers) relayOutbox(ctx context.Context, _ *asynq.Task) error {
	for {
		n, err := h.Relay.RelayPending(ctx, 200)
		if err != nil {
			return err
		}
		if n < 200 {
			if n > 0 {
				slog.DebugContext(ctx, "outbox relayed", "count", n)
			}
			return nil
		}
	}
}
