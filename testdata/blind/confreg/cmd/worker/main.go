// Command worker consumes the domain event topics and talks to the card
// provider, the print shop, the hotel partner and the mailer.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/halcyonevents/confreg/internal/config"
	"github.com/halcyonevents/confreg/internal/db"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/platform/logging"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/providers/hotelpartner"
	"github.com/halcyonevents/confreg/internal/providers/mailer"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
	"github.com/halcyonevents/confreg/internal/store"
	"github.com/halcyonevents/confreg/internal/worker"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(2)
	}
	log := logging.New("confreg-worker", cfg.LogLevel)
	if err := run(cfg, log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(cfg config.Config, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 20, MaxIdleConns: 10})
	if err != nil {
		return err
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return err
	}
	wmLog := watermill.NewSlogLogger(log)
	if err := events.EnsureTopics(sqlDB, wmLog); err != nil {
		return err
	}

	rec := metrics.NewRecorder(prometheus.DefaultRegisterer)

	cards := cardpay.New(cardpay.Config{
		BaseURL: cfg.CardPayURL, APIKey: cfg.CardPayKey, Timeout: cfg.ProviderTimeout, UserAgent: "confreg-worker",
	})
	printer := printshop.New(printshop.Config{BaseURL: cfg.PrintShopURL, Token: cfg.PrintShopToken, Timeout: cfg.ProviderTimeout})
	hotels := hotelpartner.New(hotelpartner.Config{BaseURL: cfg.HotelURL, APIKey: cfg.HotelKey, Timeout: cfg.ProviderTimeout})
	mail := mailer.New(mailer.Config{
		BaseURL: cfg.MailerURL, APIKey: cfg.MailerKey, FromAddress: cfg.MailerFrom, Timeout: cfg.ProviderTimeout,
	})

	repos := store.NewRepos(gdb)
	uow := store.NewUnitOfWork(gdb)

	handlers := worker.Handlers{
		Confirmation: worker.NewConfirmationMailer(repos.Registrations, repos.Conferences, mail.Send),
		Badges:       worker.NewBadgeIssuer(repos.Registrations, repos.Badges, printer),
		Rooms:        worker.NewRoomReserver(repos.Hotel, repos.Registrations, hotels, uow),
		Schedule:     worker.NewInstalmentScheduler(repos.Sponsors, mail.Send),
		Signage:      worker.NewSignageOrderer(repos.Sponsors, repos.Conferences, printer),
		Charges:      worker.NewInstalmentCharger(repos.Sponsors, cards, log),
		Captures:     worker.NewCapturedPaymentApplier(repos.Inbox, uow),
		Refunds:      worker.NewRefundSubmitter(repos.Refunds, repos.Payments, cards),
	}

	subscribers := func(group string) (message.Subscriber, error) {
		return events.NewSQLSubscriber(sqlDB, group, cfg.AckDeadline, wmLog)
	}
	router, err := worker.NewRouter(worker.RouterConfig{
		MaxRetries:      5,
		InitialInterval: 500 * time.Millisecond,
		MaxInterval:     30 * time.Second,
	}, log, subscribers, store.NewDeliveryLog(gdb), rec, worker.Routes(handlers))
	if err != nil {
		return err
	}

	metricsSrv := &http.Server{Addr: cfg.MetricsAddr, Handler: metrics.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := metricsSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	defer func() {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = metricsSrv.Shutdown(shutdownCtx)
	}()

	log.Info("worker starting", "routes", len(worker.Routes(handlers)))
	return router.Run(ctx)
}
