// Package worker maps asynq task types to service calls.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/service"
)

// Entry binds a task type to its handler.
type Entry struct {
	Type    string
	Handler asynq.HandlerFunc
}

// Services are the business services the worker needs.
type Services struct {
	Notify   service.NotificationService
	Surveys  service.SurveyService
	Invoices service.InvoiceService
	Claims   service.ClaimService
	Storage  service.StorageService
	Crew     service.CrewService
}

// handle adapts a typed function to an asynq handler.
func handle[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := jobs.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// Table lists every task the worker processes.
func Table(s Services) []Entry {
	return []Entry{
		{jobs.TypeNotifySMS, handle(func(ctx context.Context, p jobs.NotifyPayload) error {
			return s.Notify.SendSMS(ctx, p.NotificationID)
		})},
		{jobs.TypeNotifyEmail, handle(func(ctx context.Context, p jobs.NotifyPayload) error {
			return s.Notify.SendEmail(ctx, p.NotificationID)
		})},
		{jobs.TypeSurveyReminder, handle(func(ctx context.Context, p jobs.SurveyReminderPayload) error {
			return s.Surveys.SendReminder(ctx, p.SurveyID, p.Reminder)
		})},
		{jobs.TypeInvoiceIssue, handle(func(ctx context.Context, p jobs.InvoiceIssuePayload) error {
			_, err := s.Invoices.Issue(ctx, p.BookingID)
			return err
		})},
		{jobs.TypeInvoiceSend, handle(func(ctx context.Context, p jobs.InvoiceSendPayload) error {
			return s.Invoices.Send(ctx, p.InvoiceID)
		})},
		{jobs.TypeClaimPayout, handle(s.Claims.Payout)},
		{jobs.TypeStorageBill, handle(func(ctx context.Context, p jobs.StorageBillPayload) error {
			_, err := s.Storage.BillPeriod(ctx, p.LotID, p.Period)
			return err
		})},
		{jobs.TypeCrewRoster, handle(func(ctx context.Context, p jobs.CrewRosterPayload) error {
			d, err := time.Parse("2006-01-02", p.Day)
			if err != nil {
				return fmt.Errorf("roster day %q: %w", p.Day, asynq.SkipRetry)
			}
			return s.Crew.SendRoster(ctx, d)
		})},
	}
}

// NewMux registers the table on a ServeMux with logging middleware.
func NewMux(table []Entry, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(log))
	for _, e := range table {
		mux.Handle(e.Type, e.Handler)
	}
	return mux
}

func logTasks(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			if err != nil {
				log.Warn("task failed", "type", t.Type(), "id", id, "retry", retry, "took", time.Since(start), "err", err)
				return err
			}
			log.Info("task done", "type", t.Type(), "id", id, "retry", retry, "took", time.Since(start))
			return nil
		})
	}
}
