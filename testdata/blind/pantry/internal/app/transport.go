package app

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"google.golang.org/grpc"

	"github.com/pantryco/fulfilment/internal/jobs"
	"github.com/pantryco/fulfilment/internal/platform/obs"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/service/billing"
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/notify"
	"github.com/pantryco/fulfilment/internal/service/partners"
	"github.com/pantryco/fulfilment/internal/service/payments"
	"github.com/pantryco/fulfilment/internal/transport/grpcapi"
	"github.com/pantryco/fulfilment/internal/transport/httpapi"
	"github.com/pantryco/fulfilment/internal/transport/stream"
)

type workerParams struct {
	fx.In

	Payments payments.Service
	Billing  billing.Service
	Dispatch dispatch.Service
	Notify   notify.Service
	Partners partners.Service
	Expiry   *jobs.ExpireUnpaidWorker
	Log      *slog.Logger
	Metrics  obs.Metrics
}

func newWorkers(p workerParams) (*river.Workers, error) {
	return jobs.NewWorkers(jobs.WorkerDeps{
		Payments: p.Payments, Billing: p.Billing, Dispatch: p.Dispatch, Notify: p.Notify,
		Partners: p.Partners, Expiry: p.Expiry, Log: p.Log.With("component", "jobs"), Metrics: p.Metrics,
	})
}

func newExpiryWorker(tx pg.TxManager, orders jobs.ExpiryOrders, slots jobs.ExpirySlots, runs jobs.ExpiryRuns, log *slog.Logger) *jobs.ExpireUnpaidWorker {
	return &jobs.ExpireUnpaidWorker{
		Tx: tx, Orders: orders, Slots: slots, Runs: runs,
		Log: log.With("component", "expiry"), TTL: 30 * time.Minute, BatchSize: 200,
	}
}

// Jobs provides the River clients and workers.
var Jobs = fx.Module("jobs",
	fx.Provide(
		jobs.NewInsertClient,
		newExpiryWorker,
		newWorkers,
		jobs.NewWorkerClient,
	),
)

// Transport provides the gRPC, HTTP and JetStream entry points. The
// services seen by the gRPC server are wrapped in logging/metrics
// decorators.
var Transport = fx.Module("transport",
	fx.Decorate(
		grpcapi.NewLoggingOrders,
		grpcapi.NewLoggingPayments,
	),
	fx.Provide(
		grpcapi.NewServer,
		grpcapi.NewGRPCServer,
		httpapi.NewHandlers,
		httpapi.NewHTTPServer,
		stream.NewJetStream,
		stream.Table,
		stream.NewRunner,
	),
	fx.Invoke(
		func(jobs.WorkerClient) {},
		func(*grpc.Server) {},
		func(*http.Server) {},
		startConsumers,
	),
)

func startConsumers(lc fx.Lifecycle, r *stream.Runner) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return r.Start(ctx) },
		OnStop:  r.Stop,
	})
}
