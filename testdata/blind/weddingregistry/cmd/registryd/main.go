// Command registryd runs the Tiedknot registry API and its background
// workers.
//
//	registryd           serve HTTP and work jobs
//	registryd migrate   apply goose and River migrations, then exit
package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"

	dbmigrations "github.com/tiedknot/registry/db"
	"github.com/tiedknot/registry/internal/config"
	"github.com/tiedknot/registry/internal/fulfillment"
	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/httpapi"
	"github.com/tiedknot/registry/internal/jobs"
	"github.com/tiedknot/registry/internal/notify"
	"github.com/tiedknot/registry/internal/payouts"
	"github.com/tiedknot/registry/internal/platform/httpx"
	"github.com/tiedknot/registry/internal/platform/metrics"
	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/providers/retailer"
	"github.com/tiedknot/registry/internal/providers/stripepay"
	"github.com/tiedknot/registry/internal/registry"
	"github.com/tiedknot/registry/internal/store"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "migrate" {
		if err := migrate(context.Background()); err != nil {
			fmt.Fprintln(os.Stderr, "migrate:", err)
			os.Exit(1)
		}
		return
	}
	fx.New(
		fx.Provide(
			config.Load,
			newLogger,
			newPool,
			newPrometheus,
			metrics.NewRecorder,
			metrics.NewProviderCalls,
			store.New,
			asTxRunner,
		),
		repositories,
		providers,
		services,
		fx.Provide(newInsertClient, jobs.NewEnqueuer),
		fx.Invoke(registerWebhookHandlers, runWorkers, runHTTP),
	).Run()
}

var repositories = fx.Provide(
	store.NewRegistryRepo,
	store.NewGiftingRepo,
	store.NewFulfillmentRepo,
	store.NewPayoutRepo,
	store.NewNotifyRepo,
	store.NewEventLedger,
	fx.Annotate(store.NewResponseStore, fx.As(new(httpx.ResponseStore))),
)

var providers = fx.Provide(
	func(cfg config.Config, calls *metrics.ProviderCalls) *stripepay.Client {
		return stripepay.New(cfg.Stripe, calls)
	},
	func(cfg config.Config, calls *metrics.ProviderCalls) *mailer.Client {
		return mailer.New(cfg.Mailer, calls)
	},
	func(cfg config.Config, calls *metrics.ProviderCalls) (*retailer.Directory, error) {
		return retailer.NewDirectory(cfg.Retailers, calls)
	},
)

var services = fx.Options(
	fx.Provide(
		func(repo *store.RegistryRepo, dir *retailer.Directory, enq *jobs.Enqueuer, log *slog.Logger, rec *metrics.Recorder) registry.Service {
			return registry.WithMetrics(registry.New(repo, dir, enq, log), rec)
		},
		func(tx store.TxRunner, repo *store.GiftingRepo, sp *stripepay.Client, enq *jobs.Enqueuer, log *slog.Logger, rec *metrics.Recorder) gifting.Service {
			return gifting.WithMetrics(gifting.New(tx, repo, sp, enq, uuid.NewString, log), rec)
		},
		func(tx store.TxRunner, repo *store.GiftingRepo, enq *jobs.Enqueuer, ledger *store.EventLedger, log *slog.Logger) *gifting.Processor {
			return gifting.NewProcessor(tx, repo, enq, ledger, log)
		},
		func(tx store.TxRunner, repo *store.FulfillmentRepo, dir *retailer.Directory, log *slog.Logger, rec *metrics.Recorder) fulfillment.Service {
			return fulfillment.WithMetrics(fulfillment.New(tx, repo, dir, log), rec)
		},
		func(cfg config.Config, tx store.TxRunner, repo *store.NotifyRepo, m *mailer.Client, enq *jobs.Enqueuer, log *slog.Logger, rec *metrics.Recorder) notify.Service {
			return notify.WithMetrics(notify.New(tx, repo, m, enq, cfg.PublicURL, log), rec)
		},
		func(cfg config.Config, repo *store.PayoutRepo, sp *stripepay.Client, enq *jobs.Enqueuer, log *slog.Logger, rec *metrics.Recorder) payouts.Service {
			return payouts.WithMetrics(payouts.New(repo, sp, enq, payouts.Config{
				DashboardURL:      cfg.DashboardURL,
				MinPayoutCents:    cfg.MinPayoutCents,
				MinAutoPayoutCent: cfg.MinAutoPayoutCents,
			}, log), rec)
		},
	),
)

func asTxRunner(s *store.Store) store.TxRunner { return s }

func newLogger(cfg config.Config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pcfg.MaxConns = 20
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop:  func(context.Context) error { pool.Close(); return nil },
	})
	return pool, nil
}

func newPrometheus() (prometheus.Registerer, prometheus.Gatherer) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg, reg
}

func newInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return jobs.NewInsertClient(pool, log)
}

// registerWebhookHandlers adds the Stripe event handlers owned by packages
// other than gifting.
func registerWebhookHandlers(p *gifting.Processor, ps payouts.Service) {
	p.Register("account.updated", ps.SyncAccount)
}

type workerParams struct {
	fx.In

	Lifecycle   fx.Lifecycle
	Config      config.Config
	Pool        *pgxpool.Pool
	Log         *slog.Logger
	Fulfillment fulfillment.Service
	Notify      notify.Service
	Payouts     payouts.Service
	Gifting     gifting.Service
}

func runWorkers(p workerParams) error {
	if !p.Config.RunWorkers {
		return nil
	}
	workers := jobs.NewWorkers(jobs.Services{
		Fulfillment: p.Fulfillment,
		Notify:      p.Notify,
		Payouts:     p.Payouts,
		Gifting:     p.Gifting,
		Log:         p.Log,
		CheckoutTTL: p.Config.CheckoutTTL,
	})
	client, err := jobs.NewWorkerClient(p.Pool, workers, p.Log)
	if err != nil {
		return err
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error { return client.Start(context.Background()) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return nil
}

type httpParams struct {
	fx.In

	Lifecycle   fx.Lifecycle
	Config      config.Config
	Log         *slog.Logger
	Registry    registry.Service
	Gifting     gifting.Service
	Notify      notify.Service
	Payouts     payouts.Service
	Fulfillment fulfillment.Service
	Webhooks    *gifting.Processor
	Stripe      *stripepay.Client
	Retailers   *retailer.Directory
	Mailer      *mailer.Client
	Responses   httpx.ResponseStore
	Gatherer    prometheus.Gatherer
}

func runHTTP(p httpParams) {
	handler := httpapi.NewRouter(httpapi.Deps{
		Registry:    p.Registry,
		Gifting:     p.Gifting,
		Notify:      p.Notify,
		Payouts:     p.Payouts,
		Fulfillment: p.Fulfillment,
		Webhooks:    p.Webhooks,
		Stripe:      p.Stripe,
		Retailers:   p.Retailers,
		Mailer:      p.Mailer,
		Responses:   p.Responses,
		Gatherer:    p.Gatherer,
		Log:         p.Log,
		PublicURL:   p.Config.PublicURL,
	})
	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("http server stopped", "err", err)
				}
			}()
			p.Log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}

func migrate(ctx context.Context) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	sqlDB, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer sqlDB.Close()
	goose.SetBaseFS(dbmigrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		return err
	}
	if err := goose.UpContext(ctx, sqlDB, dbmigrations.Dir); err != nil {
		return fmt.Errorf("goose: %w", err)
	}

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river: %w", err)
	}
	return nil
}
