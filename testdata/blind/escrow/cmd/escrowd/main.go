// Command escrowd runs the marketplace escrow and payout service: the public
// API, the provider webhooks, the JetStream consumers and the River workers.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/dispute"
	"github.com/acme/escrow/internal/escrow"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/fulfilment"
	"github.com/acme/escrow/internal/jobs"
	"github.com/acme/escrow/internal/ledger"
	"github.com/acme/escrow/internal/payout"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/notify"
	"github.com/acme/escrow/internal/provider/payments"
	"github.com/acme/escrow/internal/provider/shipping"
	"github.com/acme/escrow/internal/store"
	"github.com/acme/escrow/internal/transport/httpapi"
	"github.com/acme/escrow/internal/transport/stream"
	"github.com/acme/escrow/internal/transport/webhook"
	"github.com/acme/escrow/internal/worker"
)

func main() {
	cfg := loadConfig()
	fx.New(appOptions(cfg)...).Run()
}

func appOptions(cfg Config) []fx.Option {
	return []fx.Option{
		cfg.supply(),
		fx.Provide(
			newLogger,
			newPool,
			newJetStream,
			newBunDB,

			// Storage.
			fx.Annotate(store.NewQueries, fx.As(new(db.Querier))),
			fx.Annotate(store.NewUnitOfWork, fx.As(new(txn.UnitOfWork))),

			// Providers.
			payments.NewStripeClient,
			fx.Annotate(payments.NewGateway,
				fx.As(new(escrow.Payments)), fx.As(new(dispute.Refunder)), fx.As(new(payout.Payouts))),
			fx.Annotate(shipping.New, fx.As(new(fulfilment.Carrier))),
			fx.Annotate(notify.New, fx.As(new(payout.Notifier))),

			// Messaging and jobs.
			fx.Annotate(events.NewPublisher,
				fx.As(new(escrow.Publisher)), fx.As(new(dispute.Publisher)),
				fx.As(new(payout.Publisher)), fx.As(new(fulfilment.Publisher))),
			fx.Annotate(jobs.NewInsertClient, fx.ResultTags(`name:"river_insert"`)),
			fx.Annotate(jobs.NewEnqueuer, fx.ParamTags(`name:"river_insert"`),
				fx.As(new(escrow.Enqueuer)), fx.As(new(payout.Enqueuer))),

			// Services.
			fx.Annotate(ledger.NewService,
				fx.As(new(payout.Ledger)), fx.As(new(stream.FeeBooker)),
				fx.As(new(worker.FeeSettler)), fx.As(new(httpapi.LedgerService))),
			fx.Annotate(escrow.NewService,
				fx.As(new(httpapi.EscrowService)), fx.As(new(webhook.PaymentEvents)),
				fx.As(new(stream.Deliveries)), fx.As(new(worker.Releaser))),
			fx.Annotate(dispute.NewService,
				fx.As(new(httpapi.DisputeService)), fx.As(new(stream.PayoutHolder))),
			fx.Annotate(payout.NewService,
				fx.As(new(httpapi.PayoutService)), fx.As(new(stream.PaidNotifier)), fx.As(new(worker.Batcher))),
			fx.Annotate(fulfilment.NewService,
				fx.As(new(httpapi.ShippingService)), fx.As(new(webhook.Tracking))),

			// Transports.
			httpapi.NewHandlers,
			httpapi.NewEcho,
			webhook.NewHandler,
			webhook.NewMux,
			stream.New,
			worker.NewWorkers,
			fx.Annotate(worker.NewClient, fx.ResultTags(`name:"river_work"`)),
		),
		fx.Invoke(
			runAPI,
			runWebhooks,
			runConsumers,
			fx.Annotate(runWorkers, fx.ParamTags(``, `name:"river_work"`)),
		),
	}
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newPool(lc fx.Lifecycle, cfg store.Config) (*pgxpool.Pool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pool, err := store.NewPool(ctx, cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func newBunDB(lc fx.Lifecycle, pool *pgxpool.Pool) *bun.DB {
	bdb := ledger.NewDB(pool)
	lc.Append(fx.StopHook(bdb.Close))
	return bdb
}

func newJetStream(lc fx.Lifecycle, cfg events.Config) (jetstream.JetStream, error) {
	nc, js, err := events.Connect(cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return events.EnsureStreams(ctx, js) },
		OnStop:  func(context.Context) error { return nc.Drain() },
	})
	return js, nil
}

func runAPI(lc fx.Lifecycle, cfg Config, e *echo.Echo, log *slog.Logger) {
	srv := &http.Server{Addr: cfg.APIAddr, Handler: e, ReadHeaderTimeout: 5 * time.Second}
	serve(lc, srv, "api", log)
}

func runWebhooks(lc fx.Lifecycle, cfg Config, mux *http.ServeMux, log *slog.Logger) {
	srv := &http.Server{Addr: cfg.WebhookAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	serve(lc, srv, "webhooks", log)
}

func serve(lc fx.Lifecycle, srv *http.Server, name string, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("server stopped", "server", name, "err", err)
				}
			}()
			log.Info("listening", "server", name, "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}

func runConsumers(lc fx.Lifecycle, c *stream.Consumers) {
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return c.Start(ctx) },
		OnStop: func(context.Context) error {
			c.Stop()
			cancel()
			return nil
		},
	})
}

func runWorkers(lc fx.Lifecycle, client *river.Client[pgx.Tx]) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return client.Start(context.Background()) },
		OnStop:  client.Stop,
	})
}
