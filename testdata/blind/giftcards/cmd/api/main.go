// Command api serves the HTTP API.
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lumen-gift/giftcards/internal/config"
	"github.com/lumen-gift/giftcards/internal/httpapi"
	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
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

	// Insert-only river client: the API enqueues, cmd/worker executes.
	jobs, err := river.NewClient[pgx.Tx](riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return err
	}

	st := store.New(pool)
	var (
		cardsRepo       = repo.NewCards(st)
		purchasesRepo   = repo.NewPurchases(st)
		redemptionsRepo = repo.NewRedemptions(st)
		merchantsRepo   = repo.NewMerchants(st)
		deliveriesRepo  = repo.NewDeliveries(st)
		idemRepo        = repo.NewIdempotency(st)
	)
	gateway := payments.NewStripeGateway(cfg.StripeKey)
	mail := mailer.NewClient(cfg.MailBaseURL, cfg.MailAPIKey, cfg.MailFrom)

	merchants := service.NewMerchants(merchantsRepo)
	e := httpapi.New(httpapi.Deps{
		Orders:       service.NewCorporateOrders(st, jobs, gateway, log),
		Purchases:    service.NewPurchases(st, purchasesRepo, cardsRepo, gateway, jobs, service.PurchaseConfig{CardValidity: cfg.CardValidity}, log),
		Cards:        service.NewCards(st, cardsRepo, deliveriesRepo, mail, jobs, log),
		Redemptions:  service.NewRedemptions(st, cardsRepo, redemptionsRepo, jobs, log),
		Loads:        service.NewLoads(st, cfg.MaxLoadCents, log),
		Merchants:    merchants,
		StripeEvents: service.NewStripeEvents(st, jobs, log),
		Idempotency:  idemRepo,
		Ping:         pool.Ping,

		AdminToken:    cfg.AdminToken,
		StorefrontKey: cfg.StorefrontKey,
		StripeSecret:  cfg.StripeWHSec,
		Log:           log,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	errCh := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
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
	return srv.Shutdown(shutdownCtx)
}
