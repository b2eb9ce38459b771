// Package worker holds the asynq task handlers.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gearloop/rentals/internal/service"
	"github.com/gearloop/rentals/internal/tasks"
)

// DepositTasks handles deposit authorisation and release.
type DepositTasks struct {
	deposits service.Deposits
}

// Authorize handles deposit:authorize.
func (h *DepositTasks) Authorize(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return h.deposits.Authorize(ctx, p.BookingID)
}

// Release handles deposit:release.
func (h *DepositTasks) Release(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.DepositPayload](t)
	if err != nil {
		return err
	}
	return h.deposits.Release(ctx, p.DepositID)
}

// BookingTasks handles reminders and the periodic sweep.
type BookingTasks struct {
	bookings service.Bookings
}

// Reminder handles booking:reminder.
func (h *BookingTasks) Reminder(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return h.bookings.SendReminder(ctx, p.BookingID)
}

// Sweep handles bookings:sweep, registered with the scheduler.
func (h *BookingTasks) Sweep(ctx context.Context, _ *asynq.Task) error {
	return h.bookings.Sweep(ctx)
}

// DeliveryTasks handles courier scheduling.
type DeliveryTasks struct {
	deliveries service.Deliveries
}

// ScheduleReturn handles courier:schedule-return.
func (h *DeliveryTasks) ScheduleReturn(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return h.deliveries.ScheduleReturn(ctx, p.BookingID)
}

// PayoutTasks handles owner transfers.
type PayoutTasks struct {
	payouts service.Payouts
}

// Release handles payout:release.
func (h *PayoutTasks) Release(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PayoutPayload](t)
	if err != nil {
		return err
	}
	return h.payouts.Release(ctx, p.PayoutID)
}

// ClaimTasks handles claim review assignment.
type ClaimTasks struct {
	claims service.Claims
}

// Review handles claim:review. The assignment is keyed by the task's own
// ID, so a retried task finds its earlier assignment.
func (h *ClaimTasks) Review(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.ClaimPayload](t)
	if err != nil {
		return err
	}
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("claim:review without task id: %w", asynq.SkipRetry)
	}
	return h.claims.AssignReview(ctx, taskID, p.ClaimID)
}

// NewMux builds the ServeMux with every task handler registered.
func NewMux(dep service.Deposits, b service.Bookings, d service.Deliveries, p service.Payouts,
	c service.Claims, log *slog.Logger) *asynq.ServeMux {
	deposits := &DepositTasks{deposits: dep}
	bookings := &BookingTasks{bookings: b}
	deliveries := &DeliveryTasks{deliveries: d}
	payouts := &PayoutTasks{payouts: p}
	claims := &ClaimTasks{claims: c}

	routes := []struct {
		pattern string
		handler func(context.Context, *asynq.Task) error
	}{
		{tasks.TypeDepositAuthorize, deposits.Authorize},
		{tasks.TypeDepositRelease, deposits.Release},
		{tasks.TypeBookingReminder, bookings.Reminder},
		{tasks.TypeBookingsSweep, bookings.Sweep},
		{tasks.TypeScheduleReturn, deliveries.ScheduleReturn},
		{tasks.TypePayoutRelease, payouts.Release},
		{tasks.TypeClaimReview, claims.Review},
	}
	mux := asynq.NewServeMux()
	mux.Use(logging(log))
	for _, r := range routes {
		mux.HandleFunc(r.pattern, r.handler)
	}
	return mux
}

// logging logs each attempt with its task ID and retry count.
func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			l := log.With("task", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start))
			if err != nil {
				l.ErrorContext(ctx, "task failed", "err", err)
				return err
			}
			l.InfoContext(ctx, "task done")
			return nil
		})
	}
}
