// Command api serves the LoungePass HTTP API.
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

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/postgres"
	_ "github.com/golang-migrate/migrate/v4/source/file"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/config"
	"github.com/aerolounge/loungepass/internal/httpapi"
	"github.com/aerolounge/loungepass/internal/provider/cardnet"
	"github.com/aerolounge/loungepass/internal/provider/httpx"
	"github.com/aerolounge/loungepass/internal/provider/payments"
	"github.com/aerolounge/loungepass/internal/repository"
	"github.com/aerolounge/loungepass/internal/service"
	"github.com/aerolounge/loungepass/internal/tasks"
)

func main() {
	migrateOnly := flag.Bool("migrate", false, "apply database migrations and exit")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log, *migrateOnly); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, migrateOnly bool) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	if migrateOnly {
		return applyMigrations(cfg)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := repository.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
	asynqClient := asynq.NewClient(redis)
	defer asynqClient.Close()
	queue := tasks.NewEnqueuer(asynqClient)

	// Providers.
	hc := httpx.NewClient(cfg.ProviderTimeout)
	stripeClient := payments.NewClient(cfg.StripeSecretKey)
	cardNetwork := cardnet.NewClient(hc, cfg.CardNetBaseURL, cfg.CardNetAPIKey)

	// Repositories.
	members := repository.NewMemberRepo(db)
	cards := repository.NewCardRepo(db)
	catalog := repository.NewCatalogRepo(db)
	memberships := repository.NewMembershipRepo(db)
	dayPasses := repository.NewDayPassRepo(db)
	refunds := repository.NewRefundRepo(db)
	visits := repository.NewVisitRepo(db)
	outbox := repository.NewOutboxRepo(db)
	guestPasses := repository.NewGuestPassRepo(db)
	transfers := repository.NewTransferRepo(db)
	invoices := repository.NewInvoiceRepo(db)
	partners := repository.NewPartnerRepo(db)
	stripeEvents := repository.NewStripeEventRepo(db)
	corporate := repository.NewCorporateRepo(db)
	idem := repository.NewIdempotencyRepo(db)

	newID := uuid.New
	now := func() time.Time { return time.Now().UTC() }

	svc := httpapi.Services{
		Members:     service.NewMemberService(members, cards, stripeClient, cardNetwork, newID, log),
		Memberships: service.NewMembershipService(members, memberships, catalog, stripeClient, newID, now, log),
		DayPasses:   service.NewDayPassService(members, dayPasses, refunds, catalog, stripeClient, queue, now, log),
		Access: service.NewAccessService(catalog, memberships, dayPasses, cards, partners, visits, cardNetwork,
			cfg.VisitsTopic, newID, now, log),
		Guests: service.NewGuestService(members, memberships, catalog, visits, guestPasses, transfers,
			stripeClient, queue, newID, now, log),
		Partners: service.NewPartnerService(partners, invoices, newID),
		// The API only schedules invoicing and loyalty backfills; the
		// airline billing client and Kafka producer live in the worker.
		Invoicing: service.NewInvoicingService(partners, invoices, visits, nil, queue, newID, now, log),
		Corporate: service.NewCorporateService(corporate, catalog, newID, now, log),
		Loyalty:   service.NewLoyaltyService(catalog, visits, outbox, nil, queue, now, log),
		PaymentWebhooks: service.NewPaymentWebhookService(members, memberships, dayPasses, refunds, catalog,
			queue, now, log),
		BillingWebhooks: service.NewBillingWebhookService(memberships, catalog, stripeEvents, log),
	}

	e := httpapi.NewServer(svc, httpapi.Options{
		AdminToken:       cfg.AdminToken,
		PartnerTokens:    cfg.PartnerTokens,
		PaymentsWebhook:  payments.NewWebhookVerifier(cfg.StripePaymentsSecret),
		BillingWebhook:   payments.NewWebhookVerifier(cfg.StripeBillingSecret),
		IdempotencyStore: idem,
		Log:              log,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()

	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

func applyMigrations(cfg config.Config) error {
	m, err := migrate.New(cfg.MigrationsPath, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return err
	}
	return nil
}
