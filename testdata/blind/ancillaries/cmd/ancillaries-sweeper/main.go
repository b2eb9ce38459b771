// Command ancillaries-sweeper runs the periodic background jobs.
package main

import (
	"log/slog"
	"os"

	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/config"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/loyalty"
	"github.com/skyway-air/ancillaries/internal/notify"
	"github.com/skyway-air/ancillaries/internal/payments"
	"github.com/skyway-air/ancillaries/internal/platform"
	"github.com/skyway-air/ancillaries/internal/postgres"
	"github.com/skyway-air/ancillaries/internal/sweeper"
)

func main() {
	logger := platform.Logger("ancillaries-sweeper")
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

	reg := platform.Registry()
	platform.ServeMetrics(ctx, cfg.MetricsAddr, reg, logger)

	gdsClient, err := gds.New(cfg.GDSBaseURL, gds.WithAgency(cfg.GDSAgencyID), gds.WithAPIKey(cfg.GDSAPIKey))
	if err != nil {
		return err
	}
	deps := app.Deps{
		Store:    postgres.NewStore(db, logger),
		Payments: payments.NewStripeGateway(cfg.StripeKey, payments.WithLogger(logger)),
		GDS:      gdsClient,
		Loyalty: loyalty.NewClient(cfg.LoyaltyBaseURL,
			loyalty.WithPartnerCode(cfg.LoyaltyPartner),
			loyalty.WithAPIKey(cfg.LoyaltyAPIKey),
		),
		SMS:    notify.NewSMSClient(cfg.SMSBaseURL, cfg.SMSAPIKey, notify.WithSMSSenderID(cfg.SMSSender)),
		Logger: logger,
	}
	jobs := sweeper.Jobs{
		Expirer:   app.NewOrderExpirer(deps, cfg.PaymentTimeout),
		Issuer:    app.NewEMDIssuer(deps),
		Exporter:  app.NewAccrualExporter(deps),
		Reminders: app.NewLoungeReminders(deps),
		Logger:    logger,
	}
	runner := sweeper.NewRunner(logger, jobs.Build(cfg.SweepInterval), sweeper.WithRegisterer(reg))
	logger.Info("sweeper starting", slog.Duration("interval", cfg.SweepInterval))
	runner.Run(ctx)
	return nil
}
