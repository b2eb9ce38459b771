// Command api serves the storefront, admin and webhook HTTP API.
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

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/merchline/preorders/internal/adapters/httpapi"
	"github.com/merchline/preorders/internal/adapters/httpapi/idempotency"
	"github.com/merchline/preorders/internal/adapters/kafka"
	"github.com/merchline/preorders/internal/adapters/mailer"
	"github.com/merchline/preorders/internal/adapters/postgres"
	stripeadapter "github.com/merchline/preorders/internal/adapters/stripe"
	"github.com/merchline/preorders/internal/adapters/warehouse"
	"github.com/merchline/preorders/internal/core/service"
	"github.com/merchline/preorders/internal/platform/config"
	"github.com/merchline/preorders/internal/platform/logging"
)

func main() {
	log := logging.New("merch-api")
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	// Adapters.
	store := postgres.New(pool)
	payments := stripeadapter.New(cfg.StripeSecretKey, log)
	wh := warehouse.New(cfg.WarehouseBaseURL, cfg.WarehouseAPIKey, log)
	mail := mailer.New(cfg.MailerBaseURL, cfg.MailerToken, log)
	producer := kafka.NewProducer(cfg.KafkaBrokers)
	defer producer.Close()

	// Services.
	orders := service.NewOrderService(store, store, payments, wh, log)
	catalog := service.NewCatalogService(store, store, log)
	refunds := service.NewRefundService(store, store, payments, log)
	fulfilment := service.NewFulfilmentService(store, store, payments, wh, mail, log)
	ledger := service.NewLedgerService(store, store, payments, "usd", log)
	paymentEvents := service.NewPaymentEventService(store, store, log)

	// HTTP.
	router := httpapi.NewRouter(httpapi.Routes{
		Orders:       httpapi.NewOrderHandler(orders, log),
		Catalog:      httpapi.NewCatalogHandler(catalog, log),
		Refunds:      httpapi.NewRefundHandler(refunds, log),
		Holds:        httpapi.NewHoldHandler(fulfilment, log),
		Ledger:       httpapi.NewLedgerHandler(ledger, log),
		StripeHooks:  httpapi.NewStripeWebhookHandler(stripeadapter.NewVerifier(cfg.StripeWebhookSecret), paymentEvents, log),
		ConnectHooks: httpapi.NewConnectWebhookHandler(stripeadapter.NewVerifier(cfg.StripeConnectSecret), catalog, log),
		WarehouseHooks: httpapi.NewWarehouseWebhookHandler(
			warehouse.NewVerifier(cfg.WarehouseWebhookKey), store, producer, warehouse.SignatureHeader, log),
		Idempotent: func(scope string) func(http.Handler) http.Handler {
			return idempotency.Middleware(store, scope, log)
		},
		AdminToken: cfg.AdminToken,
		Ready:      func(r *http.Request) error { return store.Ping(r.Context()) },
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
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
