// Command ancillaries-api serves the ancillaries HTTP API.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/command"
	"github.com/skyway-air/ancillaries/internal/config"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/httpapi"
	"github.com/skyway-air/ancillaries/internal/loyalty"
	"github.com/skyway-air/ancillaries/internal/notify"
	"github.com/skyway-air/ancillaries/internal/payments"
	"github.com/skyway-air/ancillaries/internal/platform"
	"github.com/skyway-air/ancillaries/internal/postgres"
)

func main() {
	logger := platform.Logger("ancillaries-api")
	if err := run(logger); err != nil {
		logger.Error("exit", slog.Any("err", err))
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := platform.SignalContext()
	defer stop()

	db, err := postgres.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	store := postgres.NewStore(db, logger)

	reg := platform.Registry()
	platform.ServeMetrics(ctx, cfg.MetricsAddr, reg, logger)

	httpClient := &http.Client{Timeout: 20 * time.Second}
	gdsClient, err := gds.New(cfg.GDSBaseURL,
		gds.WithHTTPClient(httpClient),
		gds.WithAgency(cfg.GDSAgencyID),
		gds.WithAPIKey(cfg.GDSAPIKey),
	)
	if err != nil {
		return err
	}
	deps := app.Deps{
		Store: store,
		Payments: payments.NewStripeGateway(cfg.StripeKey,
			payments.WithLogger(logger),
			payments.WithStatementDescriptor("SKYWAY EXTRAS"),
			payments.WithNetworkRetries(2),
		),
		GDS: gdsClient,
		Loyalty: loyalty.NewClient(cfg.LoyaltyBaseURL,
			loyalty.WithPartnerCode(cfg.LoyaltyPartner),
			loyalty.WithAPIKey(cfg.LoyaltyAPIKey),
		),
		SMS:    notify.NewSMSClient(cfg.SMSBaseURL, cfg.SMSAPIKey, notify.WithSMSSenderID(cfg.SMSSender)),
		Email:  notify.NewEmailClient(cfg.EmailBaseURL, cfg.EmailAPIKey, notify.WithFrom(cfg.EmailFrom)),
		Logger: logger,
	}

	cmds := app.NewCommands(deps, command.NewMetrics(reg))
	srv := httpapi.New(cmds, store, app.NewPaymentEvents(deps),
		httpapi.WithWebhookSecret(cfg.StripeWebhook),
		httpapi.WithAgentToken(os.Getenv("AGENT_API_TOKEN")),
		httpapi.WithLogger(logger),
	)
	e := srv.Echo()

	errCh := make(chan error, 1)
	go func() {
		logger.Info("listening", slog.String("addr", cfg.HTTPAddr))
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
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return e.Shutdown(shutdownCtx)
}
