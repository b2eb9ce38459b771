// Command worker runs the Kafka consumers for the warehouse event stream
// and our own order events, plus the periodic jobs.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"github.com/merchline/preorders/internal/adapters/consumers"
	"github.com/merchline/preorders/internal/adapters/jobs"
	"github.com/merchline/preorders/internal/adapters/kafka"
	"github.com/merchline/preorders/internal/adapters/mailer"
	"github.com/merchline/preorders/internal/adapters/postgres"
	stripeadapter "github.com/merchline/preorders/internal/adapters/stripe"
	"github.com/merchline/preorders/internal/adapters/warehouse"
	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/service"
	"github.com/merchline/preorders/internal/platform/config"
	"github.com/merchline/preorders/internal/platform/logging"
)

func main() {
	log := logging.New("merch-worker")
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	// Adapters.
	store := postgres.New(pool)
	payments := stripeadapter.New(cfg.StripeSecretKey, log)
	wh := warehouse.New(cfg.WarehouseBaseURL, cfg.WarehouseAPIKey, log)
	mail := mailer.New(cfg.MailerBaseURL, cfg.MailerToken, log)
	producer := kafka.NewProducer(cfg.KafkaBrokers)
	defer producer.Close()

	// Services.
	orders := service.NewOrderService(store, store, payments, wh, log)
	catalog := service.NewCatalogService(store, store, log)
	refunds := service.NewRefundService(store, store, payments, log)
	fulfilment := service.NewFulfilmentService(store, store, payments, wh, mail, log)
	ledger := service.NewLedgerService(store, store, payments, "usd", log)
	recon := service.NewReconciliationService(store, payments, log)
	renewal := service.NewAuthRenewalService(store, store, payments, uuid.NewString, cfg.AuthRenewalLookahead, log)
	relay := service.NewOutboxRelay(store, producer, 100, log)

	// Consumers: topic -> handler.
	handlers := map[string]kafka.Handler{
		domain.TopicWhShipments:     consumers.NewShipmentHandler(fulfilment, log),
		domain.TopicWhInventory:     consumers.NewInventoryHandler(catalog, log),
		domain.TopicWhReturns:       consumers.NewReturnHandler(refunds, log),
		domain.TopicWhExceptions:    consumers.NewExceptionHandler(fulfilment, log),
		domain.TopicWhDelivery:      consumers.NewDeliveryHandler(fulfilment, log),
		domain.TopicWhBackorders:    consumers.NewBackorderHandler(fulfilment, log),
		domain.TopicWhCancellations: consumers.NewCancellationHandler(refunds, log),
		domain.TopicOrders:          consumers.NewOrderEventsHandler(fulfilment, log),
	}

	// Jobs.
	scheduler := jobs.NewScheduler(log,
		jobs.Job{Name: "reconcile-balance", Next: jobs.DailyAt(cfg.ReconcileAt), Run: jobs.NewReconcileJob(recon).Run},
		jobs.Job{Name: "renew-authorizations", Next: jobs.Every(time.Hour), Run: jobs.NewRenewalJob(renewal, log).Run},
		jobs.Job{Name: "outbox-relay", Next: jobs.Every(2 * time.Second), Run: jobs.NewOutboxJob(relay).Run},
		jobs.Job{Name: "expire-pending-orders", Next: jobs.Every(5 * time.Minute), Run: jobs.NewExpireJob(orders).Run},
		jobs.Job{Name: "artist-statements", Next: jobs.MonthlyOn(2, 6*time.Hour), Run: jobs.NewStatementsJob(ledger).Run},
	)

	g, gctx := errgroup.WithContext(ctx)
	for topic, h := range handlers {
		c := kafka.NewConsumer(cfg.KafkaBrokers, cfg.KafkaGroupPrefix+"."+topic, topic, h, log)
		g.Go(func() error { return c.Run(gctx) })
	}
	g.Go(func() error {
		scheduler.Run(gctx)
		return nil
	})
	return g.Wait()
}
