// Command events relays the outbox onto the in-process pub/sub and runs
// the feature consumers.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"golang.org/x/sync/errgroup"

	"github.com/harvestloop/farmshare/internal/credits"
	"github.com/harvestloop/farmshare/internal/harvests"
	"github.com/harvestloop/farmshare/internal/marketplace"
	"github.com/harvestloop/farmshare/internal/notifications"
	"github.com/harvestloop/farmshare/internal/payouts"
	"github.com/harvestloop/farmshare/internal/platform/config"
	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/outbox"
	"github.com/harvestloop/farmshare/internal/platform/repository"
	"github.com/harvestloop/farmshare/internal/providers/bankxfer"
	"github.com/harvestloop/farmshare/internal/providers/courier"
	"github.com/harvestloop/farmshare/internal/providers/mailer"
	"github.com/harvestloop/farmshare/internal/providers/sms"
	"github.com/harvestloop/farmshare/internal/routes"
	"github.com/harvestloop/farmshare/internal/subscriptions"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("events exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(cfg.Timezone)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	now := time.Now
	tx := database.NewTransactor(db)
	wmLog := watermill.NewSlogLogger(log)

	pubsub := gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            64,
		BlockPublishUntilSubscriberAck: true,
	}, wmLog)

	mailClient := mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, cfg.MailerFrom)
	smsClient := sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
	courierClient := courier.New(cfg.CourierBaseURL, cfg.CourierAPIKey)
	bankClient := bankxfer.New(cfg.BankBaseURL, cfg.BankAPIKey, cfg.BankAccountID)

	creditSvc := credits.NewService(db, tx, credits.NewStore(), nil, now)
	skipCredit := credits.NewSkipCreditConsumer(
		subscriptions.SkipBook{DB: db, Store: subscriptions.NewStore()}, creditSvc, cfg.SkipCreditCents)

	inventory := harvests.NewInventoryConsumer(db, repository.New[harvests.Lot]("inventory_lots", "id"), log, now)

	handoff := routes.NewHandoffConsumer(db, routes.NewStore(), courierClient, cfg.CourierDepotID, loc, log)

	notify := notifications.NewConsumers(db, mailClient, smsClient, log)

	fulfil := marketplace.NewFulfilmentConsumer(db, tx, marketplace.NewStore(), log, now)

	payoutSvc := payouts.NewService(db, tx, payouts.NewStore(), bankClient, outbox.Writer{}, log, now)
	remittance := payouts.NewRemittanceConsumer(payoutSvc, mailClient)

	router, err := events.NewRouter(wmLog, pubsub, []events.Route{
		{Name: "notifications.welcome", Topic: events.TopicSubscriptionCreated, Handler: events.Decode(log, notify.Welcome)},
		{Name: "credits.skip_credit", Topic: events.TopicWeekSkipped, Handler: events.Decode(log, skipCredit.Handle)},
		{Name: "harvests.inventory", Topic: events.TopicHarvestSubmitted, Handler: events.Decode(log, inventory.Handle)},
		{Name: "routes.courier_handoff", Topic: events.TopicRoutePlanned, Handler: events.Decode(log, handoff.Handle)},
		{Name: "notifications.dunning", Topic: events.TopicInvoicePaymentFailed, Handler: events.Decode(log, notify.PaymentFailed)},
		{Name: "marketplace.fulfilment", Topic: events.TopicAddonOrderPaid, Handler: events.Decode(log, fulfil.Handle)},
		{Name: "payouts.remittance", Topic: events.TopicPayoutPaid, Handler: events.Decode(log, remittance.Handle)},
	})
	if err != nil {
		return err
	}

	relay := outbox.NewRelay(db, pubsub, cfg.OutboxBatchSize, cfg.OutboxPollInterval, log)

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return router.Run(gctx) })
	g.Go(func() error {
		<-router.Running()
		return relay.Run(gctx)
	})
	g.Go(func() error {
		<-gctx.Done()
		return router.Close()
	})
	if err := g.Wait(); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
