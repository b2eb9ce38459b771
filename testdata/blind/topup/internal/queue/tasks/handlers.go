package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/reseller"
)

// Handlers groups the services the worker dispatches to.
type Handlers struct {
	DeliverTopUp func(ctx context.Context, p jobs.DeliverTopUp) error
	Notifier     *reseller.Notifier
	Batches      *reseller.BatchService
	Billing      *reseller.BillingService
	Log          *slog.Logger
}

type route struct {
	taskType string
	handler  asynq.HandlerFunc
}

func decode[T any](t *asynq.Task) (T, error) {
	var p T
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

func (h *Handlers) routes() []route {
	return []route{
		{jobs.TypeDeliverTopUp, func(ctx context.Context, t *asynq.Task) error {
			p, err := decode[jobs.DeliverTopUp](t)
			if err != nil {
				return err
			}
			return h.DeliverTopUp(ctx, p)
		}},
		{jobs.TypeSendWebhook, func(ctx context.Context, t *asynq.Task) error {
			p, err := decode[jobs.SendWebhook](t)
			if err != nil {
				return err
			}
			return h.Notifier.Dispatch(ctx, p)
		}},
		{jobs.TypeProcessBatchItem, func(ctx context.Context, t *asynq.Task) error {
			p, err := decode[jobs.ProcessBatchItem](t)
			if err != nil {
				return err
			}
			return h.Batches.ProcessItem(ctx, p)
		}},
		{jobs.TypeGenerateInvoice, func(ctx context.Context, t *asynq.Task) error {
			p, err := decode[jobs.GenerateInvoice](t)
			if err != nil {
				return err
			}
			inv, err := h.Billing.GenerateInvoice(ctx, p)
			if err != nil {
				return err
			}
			h.Log.Info("invoice ready", "number", inv.Number, "reseller", inv.ResellerID)
			return nil
		}},
	}
}

// Mux builds the asynq handler mux from the route table.
func (h *Handlers) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(h.logging)
	for _, r := range h.routes() {
		mux.HandleFunc(r.taskType, r.handler)
	}
	return mux
}

func (h *Handlers) logging(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retried, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		if err != nil {
			h.Log.Warn("task failed", "type", t.Type(), "id", id, "retry", retried, "err", err)
		}
		return err
	})
}
