// Command api serves the tenant API, the staff API and partner webhooks.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/baywarden/storagedesk/internal/config"
	"github.com/baywarden/storagedesk/internal/httpapi"
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
	"github.com/baywarden/storagedesk/internal/service/rentals"
	"github.com/baywarden/storagedesk/internal/store"
)

// app is everything the API process holds for its lifetime.
type app struct {
	cfg      config.Config
	log      *slog.Logger
	pool     *pgxpool.Pool
	db       *store.DB
	asynq    *asynq.Client
	registry *prometheus.Registry
	metrics  *metrics.Metrics

	rentalStore    *store.RentalStore
	billingStore   *store.BillingStore
	accessStore    *store.AccessStore
	auctionStore   *store.AuctionStore
	insuranceStore *store.InsuranceStore
	eventStore     *store.EventStore
	noticeStore    *store.NoticeStore

	billing      billing.Service
	stripeEvents *billing.StripeEvents
	access       access.Service
	rentals      *rentals.Service
	insurance    *insurance.Service
	auctions     *auctions.Service
	notify       notify.Service
}

func newApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*app, error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	a := &app{cfg: cfg, log: log, pool: pool, db: store.NewDB(pool)}
	a.registry = prometheus.NewRegistry()
	a.registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	a.metrics = metrics.New(a.registry)

	a.asynq = asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB})
	q := queue.NewClient(a.asynq)

	a.rentalStore = store.NewRentalStore(a.db)
	a.billingStore = store.NewBillingStore(a.db)
	a.accessStore = store.NewAccessStore(a.db)
	a.auctionStore = store.NewAuctionStore(a.db)
	a.insuranceStore = store.NewInsuranceStore(a.db)
	a.eventStore = store.NewEventStore(a.db)
	a.noticeStore = store.NewNoticeStore(a.db)

	stripeClient := stripepay.New(cfg.StripeSecretKey, cfg.ProviderTimeout)
	gate := gatelink.New(cfg.GateBaseURL, cfg.GateAPIKey, cfg.ProviderTimeout)
	ins := insurer.New(cfg.InsurerBaseURL, cfg.InsurerAPIKey, cfg.ProviderTimeout)
	sms := textwire.New(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom, cfg.ProviderTimeout)
	mail := postroute.New(cfg.LettersBaseURL, cfg.LettersAPIKey, cfg.ProviderTimeout)

	a.notify = notify.New(q, sms, a.noticeStore, log)

	var bill billing.Service = billing.New(a.db, a.billingStore, a.rentalStore, stripeClient, q, a.notify,
		billing.WithLocation(cfg.Location()), billing.WithLogger(log))
	bill = billing.Logged(bill, log)
	a.billing = billing.Instrumented(bill, a.metrics)
	a.stripeEvents = billing.NewStripeEvents(a.db, a.eventStore, a.billingStore, a.rentalStore, q, a.notify,
		billing.DefaultPolicy, log)

	a.access = access.Instrumented(access.New(access.Deps{
		Tx:        a.db,
		Store:     a.accessStore,
		Rentals:   a.rentalStore,
		Gate:      gate,
		SMS:       sms,
		Notifier:  a.notify,
		Queue:     q,
		Events:    store.NewRepo[store.GateEventRow](a.db, "event_id"),
		Alerts:    store.NewRepo[store.GateAlert](a.db, "id"),
		Incidents: store.NewRepo[store.Incident](a.db, "id"),
		Log:       log,
	}), a.metrics)

	a.rentals = rentals.New(rentals.Deps{
		Tx:           a.db,
		Store:        a.rentalStore,
		Reservations: store.NewRepo[store.Reservation](a.db, "id"),
		Codes:        a.accessStore,
		Billing:      a.billing,
		Cards:        stripeClient,
		Gate:         a.access,
		Queue:        q,
		Notifier:     a.notify,
		Log:          log,
	})
	a.insurance = insurance.New(a.db, a.insuranceStore, a.rentalStore, a.billingStore, ins, a.eventStore, log)
	a.auctions = auctions.New(a.db, a.auctionStore, a.auctionStore.Notices, a.rentalStore, a.billingStore,
		stripeClient, mail, q, log)
	return a, nil
}

func (a *app) close() {
	if err := a.asynq.Close(); err != nil {
		a.log.Warn("close asynq client", "err", err)
	}
	a.pool.Close()
}

func (a *app) server() *httpapi.Server {
	return &httpapi.Server{
		Rentals:       a.rentals,
		Billing:       a.billing,
		Access:        a.access,
		Insurance:     a.insurance,
		Auctions:      a.auctions,
		StripeEvents:  a.stripeEvents,
		Responses:     a.eventStore,
		Metrics:       a.metrics,
		Registry:      a.registry,
		Log:           a.log,
		AdminToken:    a.cfg.AdminToken,
		StripeSecret:  a.cfg.StripeWebhookSecret,
		InsurerSecret: a.cfg.InsurerWebhookSecret,
		Ready:         func(ctx context.Context) error { return a.pool.Ping(ctx) },
	}
}

func main() {
	migrate := flag.Bool("migrate", false, "apply database migrations before serving")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	if cfg.Env == "production" {
		gin.SetMode(gin.ReleaseMode)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := newApp(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer a.close()

	if *migrate {
		if err := store.Migrate(ctx, a.db); err != nil {
			log.Error("migrate", "err", err)
			os.Exit(1)
		}
	}

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           a.server().Router(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "err", err)
			stop()
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
