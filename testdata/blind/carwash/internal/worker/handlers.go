// Package worker routes asynq tasks to services.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/dig"

	"github.com/brightbay/washclub/internal/service"
	"github.com/brightbay/washclub/internal/tasks"
)

// Handlers are the services the worker dispatches tasks to.
type Handlers struct {
	dig.In

	Activation service.ActivationService
	Loyalty    service.LoyaltyService
	Refunds    service.RefundService
	Billing    service.BillingService
	Fleet      service.FleetService
	Notify     service.NotificationService
	Logger     *slog.Logger
}

type route struct {
	taskType string
	handle   asynq.HandlerFunc
}

// NewMux builds the task mux.
func NewMux(h Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(h.Logger))
	for _, r := range h.routes() {
		mux.Handle(r.taskType, r.handle)
	}
	return mux
}

func (h Handlers) routes() []route {
	return []route{
		{tasks.TypeBayActivate, h.activateBay},
		{tasks.TypeLoyaltyAward, h.awardPoints},
		{tasks.TypeRefundProcess, h.processRefund},
		{tasks.TypeSubscriptionCharge, h.chargeSubscription},
		{tasks.TypeFleetInvoice, h.fleetInvoice},
		{tasks.TypeSendSMS, payload(h.Notify.SendSMS)},
	}
}

func (h Handlers) activateBay(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BayActivatePayload](t)
	if err != nil {
		return err
	}
	return h.Activation.Dispatch(ctx, p.ActivationID)
}

func (h Handlers) awardPoints(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.LoyaltyAwardPayload](t)
	if err != nil {
		return err
	}
	return h.Loyalty.Award(ctx, p.WashID)
}

func (h Handlers) processRefund(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RefundProcessPayload](t)
	if err != nil {
		return err
	}
	return h.Refunds.Process(ctx, p.RefundID)
}

func (h Handlers) chargeSubscription(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.SubscriptionChargePayload](t)
	if err != nil {
		return err
	}
	return h.Billing.ChargeSubscription(ctx, p.ChargeID)
}

func (h Handlers) fleetInvoice(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.FleetInvoicePayload](t)
	if err != nil {
		return err
	}
	return h.Fleet.GenerateInvoice(ctx, p.AccountID, p.Period)
}

// payload adapts a typed service method to an asynq handler.
func payload[T any](fn func(context.Context, T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[T](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

func logTasks(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "took", time.Since(start)}
			if err != nil {
				log.WarnContext(ctx, "task failed", append(attrs, "err", err)...)
				return err
			}
			log.InfoContext(ctx, "task done", attrs...)
			return nil
		})
	}
}
