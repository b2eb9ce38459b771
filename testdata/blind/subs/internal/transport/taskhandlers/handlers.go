// Package taskhandlers registers the asynq task handlers.
package taskhandlers

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/meterly/subs/internal/messaging/tasks"
)

type Dunning interface {
	RetryPayment(ctx context.Context, p tasks.DunningRetryPayload) error
	SendNotice(ctx context.Context, p tasks.DunningNoticePayload) error
}

type WebhookDeliverer interface {
	Deliver(ctx context.Context, p tasks.WebhookDeliverPayload) error
}

type CreditExpirer interface {
	ExpireDue(ctx context.Context, batch int) (int, error)
}

// Route binds a task type to its handler.
type Route struct {
	Type    string
	Handler asynq.HandlerFunc
}

// typed adapts a payload-typed function to an asynq handler.
func typed[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// Routes is the task registration table.
func Routes(d Dunning, w WebhookDeliverer, c CreditExpirer, log *slog.Logger) []Route {
	return []Route{
		{Type: tasks.TypeDunningRetryPayment, Handler: typed(d.RetryPayment)},
		{Type: tasks.TypeDunningSendNotice, Handler: typed(d.SendNotice)},
		{Type: tasks.TypeWebhookDeliver, Handler: typed(w.Deliver)},
		{Type: tasks.TypeCreditsExpireSweep, Handler: typed(func(ctx context.Context, p tasks.CreditsExpireSweepPayload) error {
			batch := p.BatchSize
			if batch <= 0 {
				batch = 500
			}
			n, err := c.ExpireDue(ctx, batch)
			if err == nil && n > 0 {
				log.InfoContext(ctx, "expired credit grants", "count", n)
			}
			return err
		})},
	}
}

// NewMux registers every route on a ServeMux, wrapped in mw.
func NewMux(routes []Route, mw ...asynq.MiddlewareFunc) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(mw...)
	for _, r := range routes {
		mux.Handle(r.Type, r.Handler)
	}
	return mux
}

// Logging logs failed tasks with their retry count.
func Logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			err := next.ProcessTask(ctx, t)
			if err != nil {
				retried, _ := asynq.GetRetryCount(ctx)
				log.WarnContext(ctx, "task failed", "type", t.Type(), "retried", retried, "err", err)
			}
			return err
		})
	}
}
