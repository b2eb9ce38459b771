// Command api serves the partner and back-office HTTP API.
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

	"github.com/hibiken/asynq"

	"github.com/skyguard-travel/policyhub/internal/claims"
	"github.com/skyguard-travel/policyhub/internal/config"
	"github.com/skyguard-travel/policyhub/internal/httpapi"
	"github.com/skyguard-travel/policyhub/internal/idempotency"
	"github.com/skyguard-travel/policyhub/internal/partners"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/policies"
	"github.com/skyguard-travel/policyhub/internal/premiums"
	"github.com/skyguard-travel/policyhub/internal/providers/docvault"
	"github.com/skyguard-travel/policyhub/internal/providers/paygate"
	"github.com/skyguard-travel/policyhub/internal/quoting"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("app", "policyhub-api")
	if err := run(log); err != nil {
		log.Error("api stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer db.Close()

	asynqClient := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	defer asynqClient.Close()
	enqueuer := queue.NewEnqueuer(asynqClient, log)

	gateway := paygate.New(cfg.PaygateURL, cfg.PaygateAPIKey, cfg.PaygateSecret, log)
	vault := docvault.New(cfg.DocvaultURL, cfg.DocvaultBucket, cfg.DocvaultToken, log)
	idem := idempotency.NewStore(db)

	claimSvc := claims.NewService(db, enqueuer, log)
	handler := httpapi.NewRouter(httpapi.Deps{
		Quotes:      quoting.NewService(db, quoting.TariffPricer()),
		Policies:    policies.NewService(db, idem, enqueuer, log),
		Claims:      claimSvc,
		Documents:   claims.NewDocumentService(db, claimSvc, vault),
		Partners:    partners.NewService(db, log),
		Webhooks:    premiums.NewWebhookProcessor(db, gateway, log),
		Idempotency: idem,
		AdminToken:  cfg.AdminToken,
		Log:         log,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
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
		return nil
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
