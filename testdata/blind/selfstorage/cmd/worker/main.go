// Command worker processes background tasks: billing, autopay, delinquency,
// gate-code sync, notices, lien auctions and insurance enrollment.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/baywarden/storagedesk/internal/config"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
	"github.com/baywarden/storagedesk/internal/provider/gatelink"
	"github.com/baywarden/storagedesk/internal/provider/insurer"
	"github.com/baywarden/storagedesk/internal/provider/postroute"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
	"github.com/baywarden/storagedesk/internal/provider/textwire"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/access"
	"github.com/baywarden/storagedesk/internal/service/auctions"
	"github.com/baywarden/storagedesk/internal/service/billing"
	"github.com/baywarden/storagedesk/internal/service/insurance"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
	"github.com/baywarden/storagedesk/internal/worker"
)

type app struct {
	cfg      config.Config
	log      *slog.Logger
	pool     *pgxpool.Pool
	db       *store.DB
	client   *asynq.Client
	registry *prometheus.Registry
	metrics  *metrics.Metrics
	handlers *worker.Handlers
}

func newApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*app, error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	a := &app{cfg: cfg, log: log, pool: pool, db: store.NewDB(pool)}
	a.registry = prometheus.NewRegistry()
	a.metrics = metrics.New(a.registry)
	a.client = asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB})
	q := queue.NewClient(a.client)

	rentalStore := store.NewRentalStore(a.db)
	billingStore := store.NewBillingStore(a.db)
	accessStore := store.NewAccessStore(a.db)
	auctionStore := store.NewAuctionStore(a.db)

	stripeClient := stripepay.New(cfg.StripeSecretKey, cfg.ProviderTimeout)
	gate := gatelink.New(cfg.GateBaseURL, cfg.GateAPIKey, cfg.ProviderTimeout)
	ins := insurer.New(cfg.InsurerBaseURL, cfg.InsurerAPIKey, cfg.ProviderTimeout)
	sms := textwire.New(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom, cfg.ProviderTimeout)
	mail := postroute.New(cfg.LettersBaseURL, cfg.LettersAPIKey, cfg.ProviderTimeout)

	notifier := notify.New(q, sms, store.NewNoticeStore(a.db), log)

	bill := billing.Instrumented(billing.Logged(
		billing.New(a.db, billingStore, rentalStore, stripeClient, q, notifier,
			billing.WithLocation(cfg.Location()), billing.WithLogger(log)),
		log), a.metrics)

	acc := access.Instrumented(access.New(access.Deps{
		Tx:        a.db,
		Store:     accessStore,
		Rentals:   rentalStore,
		Gate:      gate,
		SMS:       sms,
		Notifier:  notifier,
		Queue:     q,
		Events:    store.NewRepo[store.GateEventRow](a.db, "event_id"),
		Alerts:    store.NewRepo[store.GateAlert](a.db, "id"),
		Incidents: store.NewRepo[store.Incident](a.db, "id"),
		Log:       log,
	}), a.metrics)

	a.handlers = &worker.Handlers{
		Billing:  bill,
		Access:   acc,
		Notify:   notifier,
		Auctions: auctions.New(a.db, auctionStore, auctionStore.Notices, rentalStore, billingStore, stripeClient, mail, q, log),
		Insurance: insurance.New(a.db, store.NewInsuranceStore(a.db), rentalStore, billingStore, ins,
			store.NewEventStore(a.db), log),
		Location: cfg.Location(),
		Metrics:  a.metrics,
		Log:      log,
	}
	return a, nil
}

func (a *app) close() {
	_ = a.client.Close()
	a.pool.Close()
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := newApp(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer a.close()

	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueLow:      1,
		},
		ShutdownTimeout: 25 * time.Second,
		Logger:          newAsynqLogger(log),
	})

	metricsSrv := &http.Server{Addr: ":9091", Handler: promhttp.HandlerFor(a.registry, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := metricsSrv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			log.Error("metrics server", "err", err)
		}
	}()

	if err := srv.Start(a.handlers.Mux()); err != nil {
		log.Error("start worker", "err", err)
		os.Exit(1)
	}
	<-ctx.Done()
	srv.Shutdown()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = metricsSrv.Shutdown(shutdownCtx)
}

// asynqLogger adapts slog to asynq.Logger.
type asynqLogger struct{ l *slog.Logger }

func newAsynqLogger(l *slog.Logger) asynq.Logger { return asynqLogger{l: l.With("component", "asynq")} }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(sprint(args)) }
func (a asynqLogger) Info(args ...any)  { a.l.Info(sprint(args)) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(sprint(args)) }
func (a asynqLogger) Error(args ...any) { a.l.Error(sprint(args)) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(sprint(args)); os.Exit(1) }
