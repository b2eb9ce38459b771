// Package worker wires asynq task types to the services that run them.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/tasks"
)

// Notifier sends patron e-mail.
type Notifier interface {
	SendHoldReady(ctx context.Context, holdID string) error
	SendPaymentReceipt(ctx context.Context, paymentID string) error
}

// Autopayer charges saved cards.
type Autopayer interface {
	ChargeAutopay(ctx context.Context, patronID string, runDate time.Time) error
}

// Handlers holds everything the task handlers call.
type Handlers struct {
	Notify Notifier
	Fines  Autopayer
	Relay  *OutboxRelay
	Log    *slog.Logger
}

type route struct {
	pattern string
	handler asynq.Handler
}

// routes is the registration table for the worker's ServeMux.
func (h *Handlers) routes() []route {
	return []route{
		{tasks.TypeHoldReady, asynq.HandlerFunc(h.holdReady)},
		{tasks.TypePaymentReceipt, asynq.HandlerFunc(h.paymentReceipt)},
		{tasks.TypeAutopay, asynq.HandlerFunc(h.autopay)},
		{tasks.TypeOutboxRelay, asynq.HandlerFunc(h.relayOutbox)},
	}
}

// NewServeMux builds the mux from the registration table.
func NewServeMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	for _, r := range h.routes() {
		mux.Handle(r.pattern, r.handler)
	}
	return mux
}

func (h *Handlers) holdReady(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.HoldReadyPayload](t)
	if err != nil {
		return err
	}
	return h.Notify.SendHoldReady(ctx, p.HoldID)
}

func (h *Handlers) paymentReceipt(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PaymentReceiptPayload](t)
	if err != nil {
		return err
	}
	return h.Notify.SendPaymentReceipt(ctx, p.PaymentID)
}

func (h *Handlers) autopay(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.AutopayPayload](t)
	if err != nil {
		return err
	}
	return h.Fines.ChargeAutopay(ctx, p.PatronID, p.RunDate)
}

func (h *Handlers) relayOutbox(ctx context.Context, _ *asynq.Task) error {
	n, err := h.Relay.Run(ctx)
	if n > 0 {
		h.Log.DebugContext(ctx, "outbox relayed", "count", n)
	}
	return err
}
