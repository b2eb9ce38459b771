package main

// Hand-written dependency wiring in the style of google/wire: each
// provider builds one thing from its inputs, and initializeApp calls them
// in dependency order. There is no code generation.

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/soundledger/royalties/internal/api"
	"github.com/soundledger/royalties/internal/config"
	"github.com/soundledger/royalties/internal/consumer"
	"github.com/soundledger/royalties/internal/platform/clock"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/metrics"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/provider/partner"
	"github.com/soundledger/royalties/internal/provider/stripex"
	"github.com/soundledger/royalties/internal/queue"
	"github.com/soundledger/royalties/internal/service/adjustments"
	"github.com/soundledger/royalties/internal/service/artists"
	"github.com/soundledger/royalties/internal/service/ingest"
	"github.com/soundledger/royalties/internal/service/notify"
	"github.com/soundledger/royalties/internal/service/payouts"
	"github.com/soundledger/royalties/internal/service/statements"
	"github.com/soundledger/royalties/internal/service/webhooks"
	"github.com/soundledger/royalties/internal/store"
	"github.com/soundledger/royalties/internal/store/pg"
	"github.com/soundledger/royalties/internal/worker"
)

// App is everything main runs.
type App struct {
	Config   config.Config
	Log      *slog.Logger
	HTTP     *http.Server
	River    *river.Client[pgx.Tx]
	Consumer *consumer.Runner
}

// Repositories groups the store implementations.
type Repositories struct {
	Artists     store.Artists
	Catalog     store.Catalog
	Reports     store.Reports
	Advances    store.Advances
	Statements  store.Statements
	Ledger      store.Ledger
	Adjustments store.Adjustments
	Payouts     store.Payouts
	Idempotency store.Idempotency
	Events      store.Events
}

// Providers groups the external clients.
type Providers struct {
	Stripe   stripex.Connect
	Verifier *stripex.Verifier
	Mailer   mailer.Sender
	Partner  partner.Notifier
}

// Services groups the business services.
type Services struct {
	Artists     artists.Service
	Catalog     artists.Catalog
	Adjustments adjustments.Service
	Ingest      ingest.Service
	Statements  statements.Service
	Payouts     payouts.Service
	Webhooks    webhooks.Processor
	Notifier    notify.Notifier
}

func provideLogger(cfg config.Config) *slog.Logger {
	log := logging.New(cfg.LogLevel, cfg.LogJSON)
	slog.SetDefault(log)
	return log
}

func provideMetrics() metrics.Recorder { return metrics.NewExpvar("royaltyd") }

func providePool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConns = int32(max(cfg.WorkerConcurrency+10, 20))
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, pool.Close, nil
}

func provideTxManager(pool *pgxpool.Pool) txm.Manager { return txm.NewPgxManager(pool) }

func provideRepositories(pool *pgxpool.Pool) Repositories {
	return Repositories{
		Artists:     pg.NewArtistRepo(pool),
		Catalog:     pg.NewCatalogRepo(pool),
		Reports:     pg.NewReportRepo(pool),
		Advances:    pg.NewAdvanceRepo(pool),
		Statements:  pg.NewStatementRepo(pool),
		Ledger:      pg.NewLedgerRepo(pool),
		Adjustments: pg.NewAdjustmentRepo(pool),
		Payouts:     pg.NewPayoutRepo(pool),
		Idempotency: pg.NewIdempotencyRepo(pool),
		Events:      pg.NewEventRepo(pool),
	}
}

func provideProviders(cfg config.Config) Providers {
	dir := partner.StaticDirectory{}
	for id, url := range cfg.PartnerAPIs {
		dir[id] = partner.Endpoint{BaseURL: url, Token: cfg.PartnerToken}
	}
	return Providers{
		Stripe:   stripex.New(cfg.StripeSecretKey, nil),
		Verifier: stripex.NewVerifier(cfg.StripeWebhookSecret),
		Mailer: mailer.New(mailer.Config{
			BaseURL: cfg.MailerBaseURL,
			APIKey:  cfg.MailerAPIKey,
			From:    cfg.MailerFrom,
		}),
		Partner: partner.New(dir, 10*time.Second),
	}
}

// provideEnqueuer builds an insert-only River client. Services enqueue
// through it; the working client is built after the services exist, which
// avoids a construction cycle between workers and services.
func provideEnqueuer(pool *pgxpool.Pool) (queue.Enqueuer, error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("river insert client: %w", err)
	}
	return queue.NewRiverEnqueuer(client), nil
}

func provideServices(cfg config.Config, log *slog.Logger, rec metrics.Recorder, tx txm.Manager,
	repos Repositories, prov Providers, q queue.Enqueuer) Services {
	notifier := notify.New(prov.Mailer, cfg.PortalURL)

	stmts := statements.New(statements.Deps{
		Tx:         tx,
		Artists:    repos.Artists,
		Reports:    repos.Reports,
		Advances:   repos.Advances,
		Statements: repos.Statements,
		Ledger:     repos.Ledger,
		Queue:      q,
		Notifier:   notifier,
		Clock:      clock.System{},
	})
	stmts = statements.WithMetrics(statements.WithLogging(stmts, log), rec)

	pay := payouts.Instrument(payouts.New(payouts.Deps{
		Tx:         tx,
		Artists:    repos.Artists,
		Statements: repos.Statements,
		Payouts:    repos.Payouts,
		Ledger:     repos.Ledger,
		Stripe:     prov.Stripe,
		Notifier:   notifier,
		Clock:      clock.System{},
	}), log, rec)

	return Services{
		Artists:     artists.New(tx, repos.Artists, prov.Stripe),
		Catalog:     artists.NewCatalog(tx, repos.Artists, repos.Catalog),
		Adjustments: adjustments.New(tx, repos.Idempotency, repos.Artists, repos.Adjustments, repos.Ledger),
		Ingest: ingest.New(tx, repos.Reports, repos.Artists, repos.Advances,
			prov.Partner, q, cfg.ReconcileToleranceBPS),
		Statements: stmts,
		Payouts:    pay,
		Webhooks: webhooks.New(webhooks.Deps{
			Tx:                   tx,
			Events:               repos.Events,
			Payouts:              repos.Payouts,
			Statements:           repos.Statements,
			Artists:              repos.Artists,
			Ledger:               repos.Ledger,
			Queue:                q,
			Notifier:             notifier,
			FailedPayoutFeeCents: cfg.FailedPayoutFeeCents,
		}),
		Notifier: notifier,
	}
}

func provideRiverClient(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger, rec metrics.Recorder,
	tx txm.Manager, svcs Services) (*river.Client[pgx.Tx], error) {
	workers := river.NewWorkers()
	jobs := &worker.Jobs{Statements: svcs.Statements, Payouts: svcs.Payouts, Ingest: svcs.Ingest}
	if err := worker.Register(workers, jobs.Table(),
		worker.Logging(log),
		worker.Metrics(rec),
		withTxManager(tx),
	); err != nil {
		return nil, err
	}
	n := max(cfg.WorkerConcurrency, 1)
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With(slog.String("component", "river")),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:    {MaxWorkers: 2},
			queue.QueueStatements: {MaxWorkers: n},
			queue.QueuePayouts:    {MaxWorkers: max(n/2, 1)},
			queue.QueueEmail:      {MaxWorkers: n},
			queue.QueueReports:    {MaxWorkers: 2},
		},
		Workers:      workers,
		PeriodicJobs: worker.PeriodicJobs(),
		JobTimeout:   5 * time.Minute,
	})
}

// withTxManager makes the transaction manager reachable from a job's
// context for helpers that are not constructed with one.
func withTxManager(m txm.Manager) worker.Middleware {
	return func(_ worker.Meta, next func(ctx context.Context) error) func(ctx context.Context) error {
		return func(ctx context.Context) error { return next(txm.WithManager(ctx, m)) }
	}
}

func provideHTTPServer(cfg config.Config, log *slog.Logger, prov Providers, svcs Services) *http.Server {
	h := &api.Handler{
		Artists:     svcs.Artists,
		Catalog:     svcs.Catalog,
		Adjustments: svcs.Adjustments,
		Statements:  svcs.Statements,
		Payouts:     svcs.Payouts,
		Webhooks:    svcs.Webhooks,
		Verifier:    prov.Verifier,
		Auth:        api.StaticTokens(cfg.AdminTokens),
		Log:         log,
	}
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
	}
}

func provideConsumer(cfg config.Config, log *slog.Logger, rec metrics.Recorder, svcs Services) *consumer.Runner {
	handlers := &consumer.Handlers{Ingest: svcs.Ingest, Catalog: svcs.Catalog}
	return consumer.NewRunner(consumer.Config{
		Brokers:     cfg.KafkaBrokers,
		GroupPrefix: cfg.KafkaGroup,
	}, handlers.Routes(), log.With(slog.String("component", "kafka")), rec)
}

// initializeApp wires the application. The returned cleanup releases the
// database pool.
func initializeApp(ctx context.Context, cfg config.Config) (*App, func(), error) {
	log := provideLogger(cfg)
	rec := provideMetrics()
	pool, cleanup, err := providePool(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	tx := provideTxManager(pool)
	repos := provideRepositories(pool)
	prov := provideProviders(cfg)
	q, err := provideEnqueuer(pool)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	svcs := provideServices(cfg, log, rec, tx, repos, prov, q)
	riverClient, err := provideRiverClient(cfg, pool, log, rec, tx, svcs)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return &App{
		Config:   cfg,
		Log:      log,
		HTTP:     provideHTTPServer(cfg, log, prov, svcs),
		River:    riverClient,
		Consumer: provideConsumer(cfg, log, rec, svcs),
	}, cleanup, nil
}
