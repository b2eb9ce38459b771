// Command api serves the registration, sponsorship and partner webhook HTTP
// API.
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
	"github.com/prometheus/client_golang/prometheus"

	"github.com/halcyonevents/confreg/internal/badges"
	"github.com/halcyonevents/confreg/internal/billing"
	"github.com/halcyonevents/confreg/internal/config"
	"github.com/halcyonevents/confreg/internal/db"
	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/hotel"
	"github.com/halcyonevents/confreg/internal/httpapi"
	"github.com/halcyonevents/confreg/internal/platform/logging"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/providers/mailer"
	"github.com/halcyonevents/confreg/internal/providers/printshop"
	"github.com/halcyonevents/confreg/internal/registration"
	"github.com/halcyonevents/confreg/internal/sponsorship"
	"github.com/halcyonevents/confreg/internal/store"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(2)
	}
	log := logging.New("confreg-api", cfg.LogLevel)
	if err := run(cfg, log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(cfg config.Config, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 30, MaxIdleConns: 10, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		return err
	}
	if err := db.Migrate(ctx, gdb, log); err != nil {
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
	pub, err := events.NewSQLPublisher(sqlDB, wmLog)
	if err != nil {
		return err
	}
	defer pub.Close()
	bus := events.NewBus(pub)

	rec := metrics.NewRecorder(prometheus.DefaultRegisterer)

	// Providers.
	cards := cardpay.New(cardpay.Config{
		BaseURL: cfg.CardPayURL, APIKey: cfg.CardPayKey, Timeout: cfg.ProviderTimeout, UserAgent: "confreg-api",
	})
	printer := printshop.New(printshop.Config{BaseURL: cfg.PrintShopURL, Token: cfg.PrintShopToken, Timeout: cfg.ProviderTimeout})
	mail := mailer.New(mailer.Config{
		BaseURL: cfg.MailerURL, APIKey: cfg.MailerKey, FromAddress: cfg.MailerFrom, Timeout: cfg.ProviderTimeout,
	})

	// Stores.
	repos := store.NewRepos(gdb)
	uow := store.NewUnitOfWork(gdb)

	// Services, each wrapped in its decorators.
	notify := func(ctx context.Context, reg *domain.Registration, template string) error {
		return mail.Send(ctx, mailer.Message{
			ID:       mailer.MessageID(template + "." + reg.ID.String()),
			To:       reg.Email,
			Template: template,
			Vars:     map[string]any{"name": reg.FullName, "registration_id": reg.ID.String()},
		})
	}
	var regSvc registration.Service = registration.New(registration.Deps{
		Conferences:   repos.Conferences,
		Registrations: repos.Registrations,
		TicketTypes:   repos.TicketTypes,
		Orders:        repos.Orders,
		Payments:      repos.Payments,
		Refunds:       repos.Refunds,
		Cards:         cards,
		Events:        bus,
		Tx:            uow,
	},
		registration.WithHoldTTL(cfg.HoldTTL),
		registration.WithNotifier(notify),
	)
	regSvc = registration.WithMetrics(registration.WithLogging(regSvc, log), rec)

	spSvc := sponsorship.Instrument(
		sponsorship.New(repos.Sponsors, repos.Conferences, uow, nil),
		log, rec,
	)
	badgeSvc := badges.New(repos.Badges, printer, uow, log)
	hotelSvc := hotel.New(repos.Registrations, repos.Hotel)

	e := httpapi.NewServer(httpapi.Deps{
		Registrations:           regSvc,
		Sponsorships:            spSvc,
		Badges:                  badgeSvc,
		Hotel:                   hotelSvc,
		CardWebhooks:            billing.NewWebhookProcessor(gdb, log),
		Idempotency:             store.NewIdempotencyRepo(gdb),
		CardPayWebhookSecret:    cfg.CardPayWebhookSecret,
		PrintShopCallbackSecret: cfg.PrintShopCallbackSecret,
		Log:                     log,
	})

	metricsSrv := &http.Server{Addr: cfg.MetricsAddr, Handler: metrics.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := metricsSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()

	errCh := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()

	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = metricsSrv.Shutdown(shutdownCtx)
	return e.Shutdown(shutdownCtx)
}
