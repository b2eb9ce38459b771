// Package worker holds the asynq task handlers run by cmd/worker. asynq
// retries a handler that returns an error, and redelivers a task whose
// worker died mid-run.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/polyglotdesk/marketplace/internal/service"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// Route binds a task type to its handler.
type Route struct {
	Type    string
	Handler asynq.HandlerFunc
}

// Handlers holds the services the task handlers call.
type Handlers struct {
	Prepass      service.Prepass
	Invoices     service.InvoiceService
	Settlement   service.SettlementService
	Payouts      service.PayoutService
	Deliverables service.DeliverableService
	Emails       *service.EmailDeliverer
	Log          *slog.Logger
}

// Routes is the dispatch table registered on the ServeMux.
func (h *Handlers) Routes() []Route {
	return []Route{
		{tasks.TypeMTPrepass, h.mtPrepass},
		{tasks.TypeInvoiceGenerate, h.invoiceGenerate},
		{tasks.TypeSettlementCredit, h.settlementCredit},
		{tasks.TypePayoutDispatch, h.payoutDispatch},
		{tasks.TypeNotifyEmail, h.notifyEmail},
		{tasks.TypeDeliverableScan, h.deliverableScan},
	}
}

// Mux builds the ServeMux with logging around every handler.
func (h *Handlers) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(h.logging)
	for _, r := range h.Routes() {
		mux.Handle(r.Type, r.Handler)
	}
	return mux
}

func (h *Handlers) logging(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		h.Log.InfoContext(ctx, "task", "type", t.Type(), "id", id, "retry", retry,
			"took", time.Since(start), "err", err)
		return err
	})
}

func (h *Handlers) mtPrepass(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.MTPrepass](t)
	if err != nil {
		return err
	}
	return h.Prepass.Run(ctx, p)
}

func (h *Handlers) invoiceGenerate(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoiceGenerate](t)
	if err != nil {
		return err
	}
	return h.Invoices.Generate(ctx, p.JobID)
}

func (h *Handlers) settlementCredit(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.SettlementCredit](t)
	if err != nil {
		return err
	}
	return h.Settlement.CreditTranslator(ctx, p.JobID)
}

func (h *Handlers) payoutDispatch(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PayoutDispatch](t)
	if err != nil {
		return err
	}
	return h.Payouts.Dispatch(ctx, p.PayoutID)
}

func (h *Handlers) notifyEmail(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.NotifyEmail](t)
	if err != nil {
		return err
	}
	key := p.Key
	if key == "" {
		id, ok := asynq.GetTaskID(ctx)
		if !ok {
			return fmt.Errorf("notify: no task id: %w", asynq.SkipRetry)
		}
		key = "task:" + id
	}
	return h.Emails.Deliver(ctx, key, p)
}

func (h *Handlers) deliverableScan(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.DeliverableScan](t)
	if err != nil {
		return err
	}
	return h.Deliverables.SubmitScan(ctx, p.DeliverableID)
}
