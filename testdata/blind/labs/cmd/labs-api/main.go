// Command labs-api serves the partner, LIS, portal and staff APIs and the
// provider webhooks.
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

	"github.com/meridianlabs/labs/internal/api"
	"github.com/meridianlabs/labs/internal/config"
	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/providers/clearinghouse"
	"github.com/meridianlabs/labs/internal/providers/courier"
	"github.com/meridianlabs/labs/internal/providers/ehr"
	"github.com/meridianlabs/labs/internal/providers/payer"
	"github.com/meridianlabs/labs/internal/providers/payments"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/logistics"
	"github.com/meridianlabs/labs/internal/service/orders"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
	"github.com/meridianlabs/labs/internal/store"
	"github.com/meridianlabs/labs/internal/webhooks"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "labs-api")
	if err := run(logger); err != nil {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg := config.FromEnv()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, db.Config{DSN: cfg.DatabaseURL, MaxOpenConns: 30, MaxIdleConns: 10, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		return err
	}
	defer conn.Close()

	outbox := events.NewTxPublisher(watermill.NewSlogLogger(logger))
	queue := jobs.NewQueue(conn)
	svc := newServices(conn, cfg, queue, outbox, logger)

	router := api.NewRouter(svc, api.Auth{
		Partners: store.NewPartners(conn),
		Staff:    api.HMACTokens{Secret: []byte(os.Getenv("STAFF_TOKEN_SECRET"))},
		Service:  api.HMACTokens{Secret: []byte(os.Getenv("SERVICE_TOKEN_SECRET"))},
	}, store.NewIdempotencyKeys(conn), logger)
	webhooks.Mount(router, webhooks.Receivers{
		Logistics: svc.Logistics,
		Billing:   svc.Billing,
		PriorAuth: svc.PriorAuth,
		Orders:    svc.Orders,
		Partners:  store.NewPartners(conn),
		Log:       logger,
	}, webhooks.Secrets{
		Courier:  cfg.WebhookSecretCourier,
		Payments: cfg.WebhookSecretPayments,
		Payer:    cfg.WebhookSecretPayer,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	errCh := make(chan error, 1)
	go func() {
		logger.Info("listening", "addr", cfg.HTTPAddr)
		errCh <- srv.ListenAndServe()
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
	return srv.Shutdown(shutdownCtx)
}

func newServices(conn *sql.DB, cfg config.Config, queue *jobs.Queue, outbox events.Outbox, logger *slog.Logger) api.Services {
	return api.Services{
		Orders:    orders.New(conn, outbox, logger.With("component", "orders")),
		Logistics: newLogistics(conn, cfg, queue, outbox, logger),
		PriorAuth: priorauth.New(conn, queue, newPayerGateway(cfg), logger.With("component", "priorauth")),
		Billing:   newBilling(conn, cfg, queue, logger),
		Results:   results.New(conn, queue, outbox, ehr.NewPublisher(), logger.With("component", "results")),
	}
}

func newLogistics(conn *sql.DB, cfg config.Config, queue *jobs.Queue, outbox events.Outbox, logger *slog.Logger) *logistics.Service {
	booker := logistics.InstrumentedBooker{
		Next: courier.New(cfg.CourierURL, cfg.CourierAPIKey, courier.WithRetries(2, time.Second)),
		Log:  logger,
	}
	return logistics.New(conn, queue, outbox, booker, labAddress(), logger.With("component", "logistics"))
}

func newPayerGateway(cfg config.Config) *payer.Gateway {
	return payer.NewGateway(cfg.PayerGatewayURL, cfg.PayerGatewayClient, cfg.PayerGatewaySecret,
		payer.WithTimeout(20*time.Second), payer.WithRetries(2))
}

func newBilling(conn *sql.DB, cfg config.Config, queue *jobs.Queue, logger *slog.Logger) *billing.Service {
	return billing.New(billing.Deps{
		DB:            conn,
		Queue:         queue,
		Charger:       payments.NewClient(cfg.PaymentsSecret, payments.WithBaseURL(cfg.PaymentsURL), payments.WithMaxRetries(2)),
		Clearinghouse: clearinghouse.New(cfg.ClearinghouseSubmit, cfg.ClearinghouseKey, clearinghouse.WithEndpoint(cfg.ClearinghouseURL)),
		Lab:           billing.Lab{NPI: cfg.LabNPI, TaxID: cfg.LabTaxID},
		Logger:        logger.With("component", "billing"),
	})
}

func labAddress() logistics.LabAddress {
	return logistics.LabAddress{
		Name:       "Meridian Labs Central Receiving",
		Line1:      "400 Industrial Pkwy Dock 3",
		City:       "Columbus",
		Region:     "OH",
		PostalCode: "43219",
		Phone:      "+16145550100",
	}
}
