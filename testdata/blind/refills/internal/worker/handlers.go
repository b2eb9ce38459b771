// Package worker runs the asynq task handlers of the refill pipeline.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/scriptline/refills/internal/service"
	"github.com/scriptline/refills/internal/tasks"
)

type Handlers struct {
	refills       service.RefillService
	claims        service.ClaimService
	payments      service.PaymentService
	fulfillment   service.FulfillmentService
	notifications service.NotificationService
	locationID    string
	now           func() time.Time
	log           *slog.Logger
}

func NewHandlers(
	refills service.RefillService,
	claims service.ClaimService,
	payments service.PaymentService,
	fulfillment service.FulfillmentService,
	notifications service.NotificationService,
	settings service.Settings,
	log *slog.Logger,
) *Handlers {
	return &Handlers{
		refills:       refills,
		claims:        claims,
		payments:      payments,
		fulfillment:   fulfillment,
		notifications: notifications,
		locationID:    settings.LocationID,
		now:           time.Now,
		log:           log.With("component", "worker"),
	}
}

// Routes maps each task type to its handler.
func (h *Handlers) Routes() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		tasks.TypeAdjudicateClaim:  h.adjudicateClaim,
		tasks.TypeReverseClaim:     h.reverseClaim,
		tasks.TypePollClaimStatus:  h.pollClaimStatus,
		tasks.TypeChargeCopay:      h.chargeCopay,
		tasks.TypeCreateLabel:      h.createLabel,
		tasks.TypeVoidLabel:        h.voidLabel,
		tasks.TypeSchedulePickup:   h.schedulePickup,
		tasks.TypeNotifyShipped:    h.notifyShipped,
		tasks.TypeReminderScan:     h.reminderScan,
		tasks.TypeReminderSend:     h.reminderSend,
		tasks.TypeAutoRefillScan:   h.autoRefillScan,
		tasks.TypeRemittanceSync:   h.remittanceSync,
		tasks.TypeRemittanceImport: h.remittanceImport,
	}
}

// NewServeMux registers the routes on a fresh mux.
func NewServeMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	for typ, fn := range h.Routes() {
		mux.HandleFunc(typ, fn)
	}
	mux.Use(logging(h.log))
	return mux
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			log.InfoContext(ctx, "task done", "type", t.Type(), "task_id", id, "retry", retried,
				"took", time.Since(start), "err", err)
			return err
		})
	}
}

// decode reads a task payload; a payload that cannot be decoded will never
// succeed, so it is not retried.
func decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

func (h *Handlers) adjudicateClaim(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.RefillPayload](t)
	if err != nil {
		return err
	}
	return h.claims.Adjudicate(ctx, p.RefillID)
}

func (h *Handlers) reverseClaim(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.ClaimPayload](t)
	if err != nil {
		return err
	}
	return h.claims.Reverse(ctx, p.ClaimID, p.Reason)
}

func (h *Handlers) pollClaimStatus(ctx context.Context, _ *asynq.Task) error {
	n, err := h.claims.PollSubmitted(ctx)
	if n > 0 {
		h.log.InfoContext(ctx, "queued claims resolved", "count", n)
	}
	return err
}

func (h *Handlers) chargeCopay(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.RefillPayload](t)
	if err != nil {
		return err
	}
	return h.payments.ChargeCopay(ctx, p.RefillID)
}

func (h *Handlers) createLabel(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.RefillPayload](t)
	if err != nil {
		return err
	}
	return h.fulfillment.CreateLabel(ctx, p.RefillID)
}

func (h *Handlers) voidLabel(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.ShipmentPayload](t)
	if err != nil {
		return err
	}
	return h.fulfillment.VoidLabel(ctx, p.ShipmentID)
}

func (h *Handlers) schedulePickup(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.PickupPayload](t)
	if err != nil {
		return err
	}
	day := h.now().UTC()
	if p.Date != "" {
		if day, err = time.Parse(time.DateOnly, p.Date); err != nil {
			return fmt.Errorf("pickup date: %v: %w", err, asynq.SkipRetry)
		}
	}
	loc := p.LocationID
	if loc == "" {
		loc = h.locationID
	}
	return h.fulfillment.SchedulePickup(ctx, loc, day)
}

func (h *Handlers) notifyShipped(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.ShipmentPayload](t)
	if err != nil {
		return err
	}
	return h.notifications.NotifyShipped(ctx, p.ShipmentID)
}

func (h *Handlers) reminderScan(ctx context.Context, _ *asynq.Task) error {
	n, err := h.notifications.ScanReminders(ctx, h.now().UTC().Truncate(24*time.Hour))
	h.log.InfoContext(ctx, "reminder scan", "enqueued", n)
	return err
}

func (h *Handlers) reminderSend(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.ReminderPayload](t)
	if err != nil {
		return err
	}
	return h.notifications.SendReminder(ctx, p.ReminderID)
}

func (h *Handlers) autoRefillScan(ctx context.Context, _ *asynq.Task) error {
	n, err := h.refills.AutoRefillScan(ctx, h.now().UTC().Truncate(24*time.Hour))
	h.log.InfoContext(ctx, "auto-refill scan", "created", n)
	return err
}

func (h *Handlers) remittanceSync(ctx context.Context, _ *asynq.Task) error {
	n, err := h.claims.SyncRemittances(ctx)
	h.log.InfoContext(ctx, "remittance sync", "batches", n)
	return err
}

func (h *Handlers) remittanceImport(ctx context.Context, t *asynq.Task) error {
	p, err := decode[tasks.RemittancePayload](t)
	if err != nil {
		return err
	}
	return h.claims.ImportRemittance(ctx, p.BatchID)
}
