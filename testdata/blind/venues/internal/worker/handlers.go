// Package worker runs the asynq task handlers: instalment charges,
// reminders, hold expiry and contract expiry.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/tasks"
)

type Billing interface {
	ChargeInstalment(ctx context.Context, instalmentID uuid.UUID, attempt int) error
}

type Reminders interface {
	Send(ctx context.Context, reminderID uuid.UUID) error
}

type Holds interface {
	Expire(ctx context.Context, bookingID uuid.UUID) error
}

type Contracts interface {
	Expire(ctx context.Context, contractID uuid.UUID) error
}

type HandlerParams struct {
	dig.In

	Billing   Billing
	Reminders Reminders
	Holds     Holds
	Contracts Contracts
	Logger    *slog.Logger
}

type Handlers struct {
	billing   Billing
	reminders Reminders
	holds     Holds
	contracts Contracts
	log       *slog.Logger
}

func NewHandlers(p HandlerParams) *Handlers {
	return &Handlers{billing: p.Billing, reminders: p.Reminders, holds: p.Holds, contracts: p.Contracts, log: p.Logger}
}

type entry struct {
	taskType string
	handler  asynq.HandlerFunc
}

func (h *Handlers) entries() []entry {
	return []entry{
		{tasks.TypeInstalmentCharge, handle(h.chargeInstalment)},
		{tasks.TypeReminderSend, handle(func(ctx context.Context, p tasks.ReminderPayload) error {
			return h.reminders.Send(ctx, p.ReminderID)
		})},
		{tasks.TypeHoldExpire, handle(func(ctx context.Context, p tasks.HoldExpirePayload) error {
			return h.holds.Expire(ctx, p.BookingID)
		})},
		{tasks.TypeContractExpire, handle(func(ctx context.Context, p tasks.ContractExpirePayload) error {
			return h.contracts.Expire(ctx, p.ContractID)
		})},
	}
}

func (h *Handlers) chargeInstalment(ctx context.Context, p tasks.InstalmentChargePayload) error {
	retried, _ := asynq.GetRetryCount(ctx)
	return h.billing.ChargeInstalment(ctx, p.InstalmentID, retried+1)
}

// handle adapts a typed handler to asynq. Tasks about rows that no longer
// exist, or with bad input, are not retried.
func handle[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[P](t)
		if err != nil {
			return err
		}
		err = fn(ctx, p)
		if errors.Is(err, domain.ErrNotFound) || errors.Is(err, domain.ErrInvalid) {
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		}
		return err
	}
}

// NewMux registers every task handler behind the logging middleware.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(h.log))
	for _, e := range h.entries() {
		mux.Handle(e.taskType, e.handler)
	}
	return mux
}

func logTasks(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retried, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"task_type", t.Type(), "task_id", id, "retried", retried, "took", time.Since(start)}
			if err != nil {
				log.ErrorContext(ctx, "task failed", append(attrs, "err", err)...)
				return err
			}
			log.InfoContext(ctx, "task done", attrs...)
			return nil
		})
	}
}
