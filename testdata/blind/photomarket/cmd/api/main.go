// Command api serves the Photomarket HTTP API and partner webhooks.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/lenslane/photomarket/internal/accounts"
	"github.com/lenslane/photomarket/internal/api"
	"github.com/lenslane/photomarket/internal/booking"
	"github.com/lenslane/photomarket/internal/config"
	"github.com/lenslane/photomarket/internal/gallery"
	"github.com/lenslane/photomarket/internal/idem"
	"github.com/lenslane/photomarket/internal/ledger"
	"github.com/lenslane/photomarket/internal/payment"
	"github.com/lenslane/photomarket/internal/printlab"
	"github.com/lenslane/photomarket/internal/prints"
	"github.com/lenslane/photomarket/internal/repo"
	"github.com/lenslane/photomarket/internal/store"
	"github.com/lenslane/photomarket/internal/stripepay"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(logger); err != nil {
		logger.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	pool, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	pool.SetMaxOpenConns(20)
	pool.SetConnMaxIdleTime(5 * time.Minute)

	wmLogger := watermill.NewSlogLogger(logger)
	st := store.New(pool, wmLogger)

	stripeClient := stripepay.New(stripepay.Config{
		SecretKey:            cfg.StripeSecretKey,
		WebhookSecret:        cfg.StripeWebhookSecret,
		ConnectWebhookSecret: cfg.StripeConnectWebhookSecret,
	})
	lab := printlab.New(cfg.PrintLabURL, cfg.PrintLabAPIKey, cfg.PrintLabWebhookSecret)

	bookings := booking.NewService(booking.Deps{
		Store:    st,
		Queries:  st.Q,
		Payments: stripeClient,
		Ledger:   &ledger.Poster{DB: pool},
		Messages: repo.New[booking.Message](pool),
	})
	printSvc := prints.NewService(st.Q, st, lab, func(bucket, key string) string {
		return cfg.OriginalsCDN + "/" + key
	}, logger)

	srv := &api.Server{
		Clients:       accounts.NewService(repo.New[accounts.Client](pool)),
		Bookings:      bookings,
		Payments:      payment.NewService(st.Q, stripeClient),
		Galleries:     &gallery.Delivery{Store: st},
		Prints:        printSvc,
		StripeEvents:  payment.NewWebhooks(st, logger),
		ConnectEvents: payment.NewConnectWebhooks(st, logger),
		Stripe:        stripeClient,
		Lab:           lab,
		IdemResponses: idem.ResponseStore{Q: st.Q},
		Logger:        logger,
	}

	httpSrv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           srv.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errCh := make(chan error, 1)
	go func() {
		logger.Info("listening", "addr", cfg.HTTPAddr)
		errCh <- httpSrv.ListenAndServe()
	}()
	select {
	case err := <-errCh:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return httpSrv.Shutdown(shutdownCtx)
}
