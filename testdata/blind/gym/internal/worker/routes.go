// Package worker processes asynq background tasks.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/tasks"
)

// Route maps a task type to its handler.
type Route struct {
	Type    string
	Handler asynq.Handler
}

// Typed decodes the payload into P before calling fn.
func Typed[P any](fn func(ctx context.Context, p P) error) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	})
}

type Billing interface {
	ChargeMonthly(ctx context.Context, membershipID uuid.UUID, period string) error
	RetryFailedCharge(ctx context.Context, membershipID uuid.UUID, period string, attempt int) error
}

type Classes interface {
	PromoteFromWaitlist(ctx context.Context, sessionID, freedBookingID uuid.UUID) error
}

type Notifier interface {
	ClassReminder(ctx context.Context, bookingID uuid.UUID) error
	BookingCanceled(ctx context.Context, memberID, sessionID uuid.UUID, opKey string) error
	GuestInvite(ctx context.Context, passID uuid.UUID) error
}

type Training interface {
	SettleSession(ctx context.Context, bookingID uuid.UUID) error
}

type Payouts interface {
	RunPeriod(ctx context.Context, period string) error
}

type Access interface {
	ProvisionCard(ctx context.Context, cardID uuid.UUID) error
	IssueGuestCredential(ctx context.Context, passID uuid.UUID) error
	RevokeMemberCards(ctx context.Context, memberID uuid.UUID) error
}

type Freezes interface {
	ResumeFreezes(ctx context.Context, day time.Time) error
}

type RoutesParams struct {
	fx.In
	Billing  Billing
	Classes  Classes
	Notifier Notifier
	Training Training
	Payouts  Payouts
	Access   Access
	Freezes  Freezes
}

// Routes lists every task the worker handles.
func Routes(p RoutesParams) []Route {
	return []Route{
		{tasks.TypeChargeMonthly, Typed(func(ctx context.Context, in tasks.ChargeMonthlyPayload) error {
			return p.Billing.ChargeMonthly(ctx, in.MembershipID, in.Period)
		})},
		{tasks.TypeDunningRetry, Typed(func(ctx context.Context, in tasks.DunningRetryPayload) error {
			return p.Billing.RetryFailedCharge(ctx, in.MembershipID, in.Period, in.Attempt)
		})},
		{tasks.TypePromoteWaitlist, Typed(func(ctx context.Context, in tasks.PromoteWaitlistPayload) error {
			return p.Classes.PromoteFromWaitlist(ctx, in.SessionID, in.FreedBookingID)
		})},
		{tasks.TypeClassReminder, Typed(func(ctx context.Context, in tasks.ClassReminderPayload) error {
			return p.Notifier.ClassReminder(ctx, in.BookingID)
		})},
		{tasks.TypeBookingCanceled, Typed(func(ctx context.Context, in tasks.BookingCanceledPayload) error {
			taskID, ok := asynq.GetTaskID(ctx)
			if !ok {
				return fmt.Errorf("booking canceled %s: no task id in context", in.BookingID)
			}
			return p.Notifier.BookingCanceled(ctx, in.MemberID, in.SessionID, taskID)
		})},
		{tasks.TypeGuestPassInvite, Typed(func(ctx context.Context, in tasks.GuestPassPayload) error {
			return p.Notifier.GuestInvite(ctx, in.GuestPassID)
		})},
		{tasks.TypeSettlePTSession, Typed(func(ctx context.Context, in tasks.SettlePTSessionPayload) error {
			return p.Training.SettleSession(ctx, in.BookingID)
		})},
		{tasks.TypeRunPayouts, Typed(func(ctx context.Context, in tasks.RunPayoutsPayload) error {
			return p.Payouts.RunPeriod(ctx, in.Period)
		})},
		{tasks.TypeProvisionCard, Typed(func(ctx context.Context, in tasks.ProvisionCardPayload) error {
			return p.Access.ProvisionCard(ctx, in.CardID)
		})},
		{tasks.TypeIssueGuestCredential, Typed(func(ctx context.Context, in tasks.GuestPassPayload) error {
			return p.Access.IssueGuestCredential(ctx, in.GuestPassID)
		})},
		{tasks.TypeRevokeCards, Typed(func(ctx context.Context, in tasks.RevokeCardsPayload) error {
			return p.Access.RevokeMemberCards(ctx, in.MemberID)
		})},
		{tasks.TypeResumeFreezes, Typed(func(ctx context.Context, in tasks.ResumeFreezesPayload) error {
			day, err := time.Parse(time.DateOnly, in.Day)
			if err != nil {
				return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
			}
			return p.Freezes.ResumeFreezes(ctx, day)
		})},
	}
}

// NewServeMux registers routes on an asynq mux with logging middleware.
func NewServeMux(routes []Route, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logging(log))
	for _, r := range routes {
		mux.Handle(r.Type, r.Handler)
	}
	return mux
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start)}
			if err != nil {
				log.Warn("task failed", append(attrs, "err", err)...)
			} else {
				log.Info("task done", attrs...)
			}
			return err
		})
	}
}
