// Command labs-worker runs jobs from the jobs table.
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
	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/providers/clearinghouse"
	"github.com/meridianlabs/labs/internal/providers/courier"
	"github.com/meridianlabs/labs/internal/providers/ehr"
	"github.com/meridianlabs/labs/internal/providers/payer"
	"github.com/meridianlabs/labs/internal/providers/payments"
	"github.com/meridianlabs/labs/internal/providers/sms"
	"github.com/meridianlabs/labs/internal/service/alerts"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/logistics"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
	"github.com/meridianlabs/labs/internal/worker"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "labs-worker")
	if err := run(logger); err != nil && !errors.Is(err, context.Canceled) {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg := config.FromEnv()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, db.Config{DSN: cfg.DatabaseURL, MaxOpenConns: 20, MaxIdleConns: 5})
	if err != nil {
		return err
	}
	defer conn.Close()

	queue := jobs.NewQueue(conn)
	outbox := events.NewTxPublisher(watermill.NewSlogLogger(logger))
	sender := newSMS(cfg, logger)

	reg := jobs.NewRegistry()
	worker.Register(reg, worker.Deps{
		Logistics: newLogistics(conn, cfg, queue, outbox, logger),
		Results:   results.New(conn, queue, outbox, ehr.NewPublisher(ehr.WithTimeout(20*time.Second)), logger),
		Billing:   newBilling(conn, cfg, queue, logger),
		Alerts:    alerts.New(conn, queue, sender, newOnCall(), alerts.Config{PortalURL: "https://my.meridianlabs.example"}, logger),
		PriorAuth: priorauth.New(conn, queue, payer.NewGateway(cfg.PayerGatewayURL, cfg.PayerGatewayClient, cfg.PayerGatewaySecret), logger),
	})
	logger.Info("worker starting", "kinds", reg.Kinds(), "worker_id", cfg.WorkerID)

	runner := jobs.NewRunner(queue, reg, jobs.RunnerConfig{
		WorkerID:     cfg.WorkerID,
		BatchSize:    cfg.WorkerBatch,
		PollInterval: cfg.PollInterval,
		Lease:        cfg.JobLease,
		Backoff:      jobs.ExponentialBackoff(10*time.Second, time.Hour),
	}, logger)
	return runner.Run(ctx)
}

func newSMS(cfg config.Config, logger *slog.Logger) sms.Sender {
	client := sms.NewClient(cfg.SMSAccount, cfg.SMSToken,
		sms.WithBaseURL(cfg.SMSURL),
		sms.WithSenderID(cfg.SMSSenderID))
	return alerts.MaskedLogSender{Next: client, Log: logger}
}

func newOnCall() alerts.OnCall {
	return alerts.StaticOnCall{Levels: strings.Split(os.Getenv("CRITICAL_ONCALL_PHONES"), ",")}
}

func newLogistics(conn *sql.DB, cfg config.Config, queue *jobs.Queue, outbox events.Outbox, logger *slog.Logger) *logistics.Service {
	booker := logistics.InstrumentedBooker{
		Next: courier.New(cfg.CourierURL, cfg.CourierAPIKey,
			courier.WithRetries(2, time.Second),
			courier.WithUserAgent("meridian-labs-worker")),
		Log: logger,
	}
	return logistics.New(conn, queue, outbox, booker, logistics.LabAddress{
		Name:       "Meridian Labs Central Receiving",
		Line1:      "400 Industrial Pkwy Dock 3",
		City:       "Columbus",
		Region:     "OH",
		PostalCode: "43219",
		Phone:      "+16145550100",
	}, logger)
}

func newBilling(conn *sql.DB, cfg config.Config, queue *jobs.Queue, logger *slog.Logger) *billing.Service {
	return billing.New(billing.Deps{
		DB:      conn,
		Queue:   queue,
		Charger: payments.NewClient(cfg.PaymentsSecret, payments.WithBaseURL(cfg.PaymentsURL)),
		Clearinghouse: clearinghouse.New(cfg.ClearinghouseSubmit, cfg.ClearinghouseKey,
			clearinghouse.WithEndpoint(cfg.ClearinghouseURL),
			clearinghouse.WithRetry(2, 3*time.Second)),
		Lab:    billing.Lab{NPI: cfg.LabNPI, TaxID: cfg.LabTaxID},
		Logger: logger,
	})
}
