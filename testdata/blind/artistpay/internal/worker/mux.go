// Package worker processes the asynq background tasks.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/royalties"
	"github.com/soundledger/artistpay/internal/statements"
	"github.com/soundledger/artistpay/internal/taxforms"
)

// ProviderSet wires the worker.
var ProviderSet = wire.NewSet(wire.Struct(new(Handlers), "*"), NewMux, NewServer)

// Handlers holds the services behind each task type.
type Handlers struct {
	Ingest     *ingest.Service
	Calculator *royalties.Calculator
	Allocator  *royalties.Allocator
	Recouper   *advances.Recouper
	Disburser  *advances.Disburser
	Submitter  *payouts.Submitter
	Cycle      *payouts.Cycle
	Reconciler *payouts.Reconciler
	Generator  *statements.Generator
	Mailer     *statements.Mailer
	Reminders  *taxforms.Reminders
}

type route struct {
	taskType string
	handler  asynq.HandlerFunc
}

func (h *Handlers) routes() []route {
	return []route{
		{tasks.TypeUsageIngest, tasks.Handle(h.ingestUsage)},
		{tasks.TypeRoyaltiesCompute, tasks.Handle(func(ctx context.Context, p tasks.RoyaltiesComputePayload) error {
			_, err := h.Calculator.Compute(ctx, p.ReleaseID, p.Period)
			return err
		})},
		{tasks.TypeRoyaltiesAllocate, tasks.Handle(h.allocateRoyalties)},
		{tasks.TypeRecoupmentApply, tasks.Handle(h.Recouper.Apply)},
		{tasks.TypeStatementsGenerate, tasks.Handle(h.generateStatements)},
		{tasks.TypeStatementEmail, tasks.Handle(func(ctx context.Context, p tasks.StatementEmailPayload) error {
			return h.Mailer.Deliver(ctx, p.StatementID)
		})},
		{tasks.TypePayoutSubmit, tasks.Handle(h.submitPayout)},
		{tasks.TypePayoutCycle, tasks.Handle(h.runPayoutCycle)},
		{tasks.TypePayoutReconcile, tasks.Handle(func(ctx context.Context, _ tasks.EmptyPayload) error {
			return h.Reconciler.Run(ctx)
		})},
		{tasks.TypeAdvanceDisburse, tasks.Handle(h.disburseAdvance)},
		{tasks.TypeTaxFormReminders, tasks.Handle(h.sendTaxReminders)},
	}
}

// NewMux registers every task handler.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks)
	for _, r := range h.routes() {
		mux.HandleFunc(r.taskType, r.handler)
	}
	return mux
}

// NewServer builds the asynq server.
func NewServer(cfg config.Config) *asynq.Server {
	return asynq.NewServer(tasks.RedisOpt(cfg), asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: asynq.DefaultRetryDelayFunc,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			slog.ErrorContext(ctx, "task failed", "type", t.Type(), "retry", retried, "err", err)
		}),
	})
}

func logTasks(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		id, _ := asynq.GetTaskID(ctx)
		err := next.ProcessTask(ctx, t)
		slog.InfoContext(ctx, "task", "type", t.Type(), "id", id, "took", time.Since(start), "err", err)
		return err
	})
}
