// Command ancillaries-router processes internal events from the
// PostgreSQL outbox with a watermill router.
package main

import (
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"

	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/config"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/loyalty"
	"github.com/skyway-air/ancillaries/internal/notify"
	"github.com/skyway-air/ancillaries/internal/payments"
	"github.com/skyway-air/ancillaries/internal/platform"
	"github.com/skyway-air/ancillaries/internal/postgres"
	"github.com/skyway-air/ancillaries/internal/retry"
	"github.com/skyway-air/ancillaries/internal/workers"
)

func main() {
	logger := platform.Logger("ancillaries-router")
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

	ackDeadline := 90 * time.Second
	subscriber, err := wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db.DB), wsql.SubscriberConfig{
		ConsumerGroup:  cfg.RouterGroup,
		SchemaAdapter:  wsql.DefaultPostgreSQLSchema{SubscribeBatchSize: 10},
		OffsetsAdapter: wsql.DefaultPostgreSQLOffsetsAdapter{},
		PollInterval:   500 * time.Millisecond,
		ResendInterval: 2 * time.Second,
		AckDeadline:    &ackDeadline,
	}, watermill.NewSlogLogger(logger))
	if err != nil {
		return err
	}
	defer subscriber.Close()

	gdsClient, err := gds.New(cfg.GDSBaseURL,
		gds.WithHTTPClient(&http.Client{Timeout: 25 * time.Second}),
		gds.WithAgency(cfg.GDSAgencyID),
		gds.WithAPIKey(cfg.GDSAPIKey),
		gds.WithUserAgent("skyway-ancillaries-router/1.0"),
	)
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
		Email:  notify.NewEmailClient(cfg.EmailBaseURL, cfg.EmailAPIKey, notify.WithFrom(cfg.EmailFrom)),
		Logger: logger,
	}

	router, err := workers.NewRouter(workers.RouterConfig{
		Subscriber: subscriber,
		Logger:     logger,
		MaxRetries: 5,
		Routes: workers.Routes(workers.Processors{
			Issuer:        app.NewEMDIssuer(deps, app.WithIssueRetry(retry.Default)),
			Confirmations: app.NewConfirmationSender(deps),
			Refunds:       app.NewRefundProcessor(deps),
			Settlements:   app.NewEMDRefundSettler(deps),
			Accruals:      app.NewAccrualPoster(deps),
			Statements:    app.NewStatementWriter(deps),
		}),
	})
	if err != nil {
		return err
	}
	logger.Info("router starting")
	return router.Run(ctx)
}
