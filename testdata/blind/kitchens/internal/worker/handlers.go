// Package worker runs the asynq task handlers.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/repository"
	"github.com/hearthkit/commissary/internal/service"
	"github.com/hearthkit/commissary/internal/tasks"
)

// Handlers adapts asynq tasks to service calls.
type Handlers struct {
	Bookings      service.BookingService
	Deposits      service.DepositService
	Notifications service.NotificationService
	Cleaning      service.CleaningService
	Payouts       service.PayoutService
}

// NewHandlers takes the instrumented services.
func NewHandlers(s *service.Instrumented) *Handlers {
	return &Handlers{
		Bookings:      s.Bookings,
		Deposits:      s.Deposits,
		Notifications: s.Notifications,
		Cleaning:      s.Cleaning,
		Payouts:       s.Payouts,
	}
}

// decode turns a typed handler into an asynq handler. Payloads that do
// not decode are skipped rather than retried.
func decode[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	}
}

func byBooking(fn func(context.Context, string) error) asynq.HandlerFunc {
	return decode(func(ctx context.Context, p tasks.BookingPayload) error { return fn(ctx, p.BookingID) })
}

// Table maps each task type to its handler.
func (h *Handlers) Table() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		tasks.TypeDepositAuthorize:    byBooking(h.Deposits.Authorize),
		tasks.TypeDepositRelease:      decode(h.release),
		tasks.TypeBookingConfirmation: byBooking(h.Notifications.SendConfirmation),
		tasks.TypeBookingReminder:     byBooking(h.Notifications.SendReminder),
		tasks.TypeCleaningDispatch:    byBooking(h.Cleaning.DispatchTurnover),
		tasks.TypeDamageCapture:       decode(h.capture),
		tasks.TypeBookingComplete:     byBooking(h.Bookings.Complete),
		tasks.TypePaymentReceipt:      decode(h.receipt),
		tasks.TypePayoutHost:          decode(h.payout),
	}
}

func (h *Handlers) release(ctx context.Context, p tasks.DepositPayload) error {
	return h.Deposits.Release(ctx, p.DepositID)
}

func (h *Handlers) capture(ctx context.Context, p tasks.DamageCapturePayload) error {
	return h.Deposits.CaptureDamage(ctx, p.ClaimID)
}

func (h *Handlers) payout(ctx context.Context, p tasks.PayoutPayload) error {
	return h.Payouts.PayHost(ctx, p.PayoutID)
}

func (h *Handlers) receipt(ctx context.Context, p tasks.ReceiptPayload) error {
	return h.Notifications.SendReceipt(ctx, service.ReceiptInput{
		BookingID:   p.BookingID,
		ChargeID:    p.ChargeID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
	})
}

// NewMux registers every handler in the table on a fresh ServeMux.
func NewMux(h *Handlers, mws ...asynq.MiddlewareFunc) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(mws...)
	for name, fn := range h.Table() {
		mux.Handle(name, fn)
	}
	return mux
}

// AttemptLog writes one task_attempts row per handler run, so support can
// see every try a task made and why it failed.
func AttemptLog(store repository.Store, log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now().UTC()
			err := next.ProcessTask(ctx, t)
			taskID, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			a := &domain.TaskAttempt{
				ID:         uuid.NewString(),
				TaskType:   t.Type(),
				TaskID:     taskID,
				Retry:      retry,
				DurationMS: time.Since(start).Milliseconds(),
				StartedAt:  start,
			}
			if err != nil {
				msg := err.Error()
				a.Error = &msg
			}
			// Use a fresh context: the task context may already be done.
			wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 3*time.Second)
			defer cancel()
			if werr := store.TaskAttempts().Insert(wctx, a); werr != nil {
				log.WarnContext(ctx, "task attempt not recorded", "task", t.Type(), "err", werr)
			}
			return err
		})
	}
}

// Logging logs task failures with their retry count.
func Logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			err := next.ProcessTask(ctx, t)
			if err != nil {
				retry, _ := asynq.GetRetryCount(ctx)
				level := slog.LevelWarn
				if errors.Is(err, asynq.SkipRetry) {
					level = slog.LevelError
				}
				log.Log(ctx, level, "task failed", "type", t.Type(), "retry", retry, "err", err)
			}
			return err
		})
	}
}

// RetryDelay backs off longer for provider rate limits and missing payout
// accounts, which take a human to fix.
func RetryDelay(n int, err error, t *asynq.Task) time.Duration {
	if errors.Is(err, domain.ErrNoPayoutAccount) {
		return 6 * time.Hour
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}
