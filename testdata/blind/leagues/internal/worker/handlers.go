// Package worker runs the asynq server: task handlers, their registration
// table, and the periodic scheduler.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/fieldday/leagues/internal/jobs"
	"github.com/fieldday/leagues/internal/service"
)

// Handlers holds the services the task handlers call.
type Handlers struct {
	notifications service.NotificationService
	waitlist      service.WaitlistService
	payments      service.PaymentService
	coaches       service.CoachService
	teams         service.TeamService
	now           func() time.Time
}

// NewHandlers builds the handler set.
func NewHandlers(
	notifications service.NotificationService,
	waitlist service.WaitlistService,
	payments service.PaymentService,
	coaches service.CoachService,
	teams service.TeamService,
) *Handlers {
	return &Handlers{
		notifications: notifications, waitlist: waitlist, payments: payments,
		coaches: coaches, teams: teams, now: time.Now,
	}
}

// decode unmarshals a task payload; malformed payloads are never retried.
func decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// final maps service errors that no retry can fix to SkipRetry.
func final(err error) error {
	var verr *service.ValidationError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, service.ErrNotFound), errors.As(err, &verr):
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	return err
}

func (h *Handlers) handleReminderSend(ctx context.Context, t *asynq.Task) error {
	job, err := decode[service.ReminderJob](t)
	if err != nil {
		return err
	}
	taskID, _ := asynq.GetTaskID(ctx)
	return final(h.notifications.SendReminder(ctx, taskID, job))
}

func (h *Handlers) handlePaymentDueSweep(ctx context.Context, t *asynq.Task) error {
	n, err := h.notifications.SweepPaymentDue(ctx, h.now().UTC())
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "payment-due sweep queued reminders", "count", n)
	return nil
}

func (h *Handlers) handlePaymentDue(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.PaymentDuePayload](t)
	if err != nil {
		return err
	}
	return final(h.notifications.SendPaymentDue(ctx, p.RegistrationID, p.DueDate))
}

func (h *Handlers) handleOutboxDeliver(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.OutboxPayload](t)
	if err != nil {
		return err
	}
	return final(h.notifications.DeliverOutbox(ctx, p.OutboxID))
}

func (h *Handlers) handleReceipt(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.ReceiptPayload](t)
	if err != nil {
		return err
	}
	return final(h.notifications.SendReceipt(ctx, p.RegistrationID, p.IntentID))
}

func (h *Handlers) handleWaitlistPromote(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.PromotePayload](t)
	if err != nil {
		return err
	}
	return final(h.waitlist.PromoteNext(ctx, p.DivisionID, p.TriggerID))
}

func (h *Handlers) handleExpireUnpaid(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.RegistrationPayload](t)
	if err != nil {
		return err
	}
	return final(h.waitlist.ExpireUnpaid(ctx, p.RegistrationID))
}

func (h *Handlers) handleReconcile(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.IntentPayload](t)
	if err != nil {
		return err
	}
	err = h.payments.Reconcile(ctx, p.IntentID)
	if errors.Is(err, service.ErrStillPending) {
		// Let asynq back off and ask again.
		return err
	}
	return final(err)
}

func (h *Handlers) handleBackgroundCheck(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.CheckPayload](t)
	if err != nil {
		return err
	}
	return final(h.coaches.OrderBackgroundCheck(ctx, p.CheckID))
}

func (h *Handlers) handleAutoAssign(ctx context.Context, t *asynq.Task) error {
	p, err := decode[jobs.DivisionPayload](t)
	if err != nil {
		return err
	}
	n, err := h.teams.AutoAssign(ctx, p.DivisionID)
	if err != nil {
		return final(err)
	}
	slog.InfoContext(ctx, "auto-assign placed players", "division_id", p.DivisionID, "placed", n)
	return nil
}
