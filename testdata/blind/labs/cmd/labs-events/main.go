// Command labs-events runs the watermill consumers of domain events.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"

	"github.com/meridianlabs/labs/internal/config"
	"github.com/meridianlabs/labs/internal/consumers"
	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/inbox"
	"github.com/meridianlabs/labs/internal/providers/ehr"
	"github.com/meridianlabs/labs/internal/providers/payer"
	"github.com/meridianlabs/labs/internal/providers/sms"
	"github.com/meridianlabs/labs/internal/service/alerts"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "labs-events")
	if err := run(logger); err != nil && !errors.Is(err, context.Canceled) {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg := config.FromEnv()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, db.Config{DSN: cfg.DatabaseURL, MaxOpenConns: 25, MaxIdleConns: 10})
	if err != nil {
		return err
	}
	defer conn.Close()

	queue := jobs.NewQueue(conn)
	outbox := events.NewTxPublisher(watermill.NewSlogLogger(logger))

	deps := consumers.Deps{
		Billing: billing.New(billing.Deps{
			DB:     conn,
			Queue:  queue,
			Lab:    billing.Lab{NPI: cfg.LabNPI, TaxID: cfg.LabTaxID},
			Logger: logger.With("component", "billing"),
		}),
		PriorAuth: priorauth.New(conn, queue, newPayerGateway(cfg), logger),
		Results:   results.New(conn, queue, outbox, ehr.NewPublisher(ehr.WithTimeout(15*time.Second)), logger),
		Alerts:    newAlerts(conn, cfg, queue, logger),
		Inbox:     inbox.New(conn),
		Log:       logger,
	}
	router, err := consumers.NewRouter(conn, consumers.Routes(deps), logger)
	if err != nil {
		return err
	}
	return router.Run(ctx)
}

func newPayerGateway(cfg config.Config) *payer.Gateway {
	return payer.NewGateway(cfg.PayerGatewayURL, cfg.PayerGatewayClient, cfg.PayerGatewaySecret)
}

func newAlerts(conn *sql.DB, cfg config.Config, queue *jobs.Queue, logger *slog.Logger) *alerts.Service {
	sender := alerts.MaskedLogSender{
		Next: sms.NewClient(cfg.SMSAccount, cfg.SMSToken, sms.WithBaseURL(cfg.SMSURL), sms.WithSenderID(cfg.SMSSenderID)),
		Log:  logger,
	}
	oncall := alerts.StaticOnCall{Levels: strings.Split(os.Getenv("CRITICAL_ONCALL_PHONES"), ",")}
	return alerts.New(conn, queue, sender, oncall, alerts.Config{EscalateAfter: 15 * time.Minute}, logger)
}
