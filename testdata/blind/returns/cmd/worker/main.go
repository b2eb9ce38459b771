// Command worker runs the river job workers and the warehouse inspection
// consumer. Dependencies are wired by hand.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"golang.org/x/sync/errgroup"

	"github.com/northwind-retail/rma/internal/config"
	"github.com/northwind-retail/rma/internal/consumer"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/jobs/workers"
	"github.com/northwind-retail/rma/internal/platform/pg"
	"github.com/northwind-retail/rma/internal/provider/carrier"
	"github.com/northwind-retail/rma/internal/provider/email"
	"github.com/northwind-retail/rma/internal/provider/merchanthook"
	"github.com/northwind-retail/rma/internal/provider/orders"
	"github.com/northwind-retail/rma/internal/provider/payments"
	"github.com/northwind-retail/rma/internal/repo/pgrepo"
	"github.com/northwind-retail/rma/internal/service/inspection"
	"github.com/northwind-retail/rma/internal/service/inventory"
	"github.com/northwind-retail/rma/internal/service/labels"
	"github.com/northwind-retail/rma/internal/service/notify"
	"github.com/northwind-retail/rma/internal/service/refunds"
	"github.com/northwind-retail/rma/internal/service/returns"
	"github.com/northwind-retail/rma/internal/service/webhooks"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("service", "rma-worker")
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	pool, err := pg.Open(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	defer pool.Close()

	// Repositories.
	var (
		returnsRepo  = pgrepo.NewReturns()
		itemsRepo    = pgrepo.NewItems()
		labelsRepo   = pgrepo.NewLabels()
		refundsRepo  = pgrepo.NewRefunds()
		outboxRepo   = pgrepo.NewOutbox()
		endpointRepo = pgrepo.NewEndpoints()
	)

	// Providers.
	carrierClient := carrier.NewClient(cfg.CarrierBaseURL, cfg.CarrierAPIKey, cfg.CarrierAccountID,
		carrier.WithRetryMax(4), carrier.WithUserAgent("northwind-rma-worker/1.0"))
	stripeGateway := payments.NewStripe(cfg.StripeSecretKey)
	mailer := email.NewClient(cfg.EmailBaseURL, cfg.EmailAPIToken)
	hookSender := merchanthook.NewSender(cfg.WebhookTimeout)
	addresses := orders.NewAddressBook(cfg.OrdersBaseURL, cfg.OrdersToken, pool)

	// The river client is created before the services because they enqueue
	// through it; workers are registered on the same Workers bundle below.
	ws := river.NewWorkers()
	riverClient, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:       log,
		Queues:       workers.Queues(cfg.RiverMaxWorkers),
		Workers:      ws,
		PeriodicJobs: workers.PeriodicJobs(),
	})
	if err != nil {
		return fmt.Errorf("river client: %w", err)
	}
	enq := jobs.RiverEnqueuer{Client: riverClient}

	// Services.
	hooks := webhooks.New(webhooks.Deps{
		Pool: pool, Outbox: outboxRepo, Endpoints: endpointRepo, Attempts: pgrepo.NewAttempts(),
		Refunds: refundsRepo, Returns: returnsRepo, Jobs: enq, Sender: hookSender, Log: log,
	})
	mail := notify.New(mailer, cfg.EmailFrom, log)
	returnSvc := returns.New(returns.Deps{
		Pool: pool, Returns: returnsRepo, Items: itemsRepo, Idem: pgrepo.NewIdempotency(),
		Exchanges: pgrepo.NewExchanges(), Labels: labelsRepo, Jobs: enq, Events: hooks,
		Notify: mail, Log: log, Window: cfg.ReturnWindow,
	})
	labelSvc := labels.New(labels.Deps{
		Pool: pool, Returns: returnsRepo, Items: itemsRepo, Labels: labelsRepo,
		Tracking: pgrepo.NewTracking(), Seen: pgrepo.NewCarrierEvents(), Carrier: carrierClient,
		Address: addresses, Jobs: enq, Events: hooks, Notify: mail, Log: log,
	})
	refundSvc := refunds.New(refunds.Deps{
		Pool: pool, Returns: returnsRepo, Refunds: refundsRepo, Credits: pgrepo.NewStoreCredits(),
		Idem: pgrepo.NewIdempotency(), Events: pgrepo.NewStripeEvents(), Gateway: stripeGateway,
		Jobs: enq, Publish: hooks, Log: log,
	})
	inspectionSvc := inspection.New(inspection.Deps{
		Pool: pool, Returns: returnsRepo, Inspections: pgrepo.NewInspections(), Refunds: refundsRepo,
		Jobs: enq, Events: hooks, Notify: mail, Log: log,
	})
	stockSvc := inventory.New(pool, itemsRepo, pgrepo.NewInventory(), log)

	workers.Register(ws, workers.Deps{
		Refunds: refundSvc, Labels: labelSvc, Webhooks: hooks, Returns: returnSvc,
		ReminderAfter: cfg.ReminderAfter, Log: log,
	})

	reader := consumer.NewReader(cfg.KafkaBrokers, cfg.KafkaGroupID, cfg.InspectionTopic)
	inspections := consumer.New(reader, consumer.InspectionHandlers(inspectionSvc, stockSvc), log)
	defer inspections.Close()

	if err := riverClient.Start(ctx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		log.Info("inspection consumer started", "topic", cfg.InspectionTopic, "group", cfg.KafkaGroupID)
		return inspections.Run(gctx)
	})
	g.Go(func() error {
		<-gctx.Done()
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
		defer cancel()
		return riverClient.Stop(stopCtx)
	})
	if err := g.Wait(); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
