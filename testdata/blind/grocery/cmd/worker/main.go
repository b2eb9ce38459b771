// Command worker runs the JetStream consumers for picking, driver and
// partner events, and the periodic outbox and refund jobs.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/basketline/grocery/internal/bus"
	"github.com/basketline/grocery/internal/config"
	"github.com/basketline/grocery/internal/partner"
	"github.com/basketline/grocery/internal/payments"
	"github.com/basketline/grocery/internal/service"
	"github.com/basketline/grocery/internal/sms"
	"github.com/basketline/grocery/internal/store"
	"github.com/basketline/grocery/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := store.Open(store.Options{DSN: cfg.DatabaseURL, MaxOpenConns: cfg.DBMaxConns, MaxIdleConns: cfg.DBMaxConns / 2, ConnMaxLife: 30 * time.Minute})
	if err != nil {
		return err
	}
	defer db.Close()

	nc, js, err := bus.Connect(cfg.NATSURL, "basketline-worker")
	if err != nil {
		return err
	}
	defer nc.Drain()
	if err := bus.EnsureStreams(ctx, js); err != nil {
		return err
	}
	publisher := bus.NewPublisher(js)

	// Repositories.
	tx := store.NewTransactor(db)
	orders := store.NewOrderRepo(db)
	pays := store.NewPaymentRepo(db)
	picking := store.NewPickingRepo(db)
	refunds := store.NewRefundRepo(db)
	delivery := store.NewDeliveryRepo(db)
	loyaltyRepo := store.NewLoyaltyRepo(db)
	baskets := store.NewBasketRepo(db)
	idem := store.NewIdempotencyRepo(db)
	stock := store.NewStockRepo(db)
	inbox := store.NewInboxRepo(db)
	outbox := store.NewOutboxRepo(db)

	// Providers.
	processor, err := payments.NewClient(payments.Config{
		BaseURL:  cfg.ProcessorURL,
		APIKey:   cfg.ProcessorKey,
		Attempts: cfg.ProcessorAttempts,
	})
	if err != nil {
		return err
	}
	partnerClient, err := partner.NewClient(partner.Config{BaseURL: cfg.PartnerURL, APIKey: cfg.PartnerKey})
	if err != nil {
		return err
	}
	smsClient := sms.NewClient(cfg.SMSURL, cfg.SMSAccount, cfg.SMSToken, cfg.SMSFrom)

	now := func() time.Time { return time.Now().UTC() }
	newID := uuid.New
	newMsgID := func() string { return "msg_" + ksuid.New().String() }

	// Services.
	loyaltySvc := service.NewLoyaltyService(tx, loyaltyRepo, baskets, idem, newID, log)
	refundSvc := service.NewRefundService(service.RefundDeps{
		Tx: tx, Orders: orders, Payments: pays, Refunds: refunds, Picking: picking,
		Processor: processor, NewID: newID, Now: now, Log: log,
	})
	pickingSvc := service.NewPickingService(service.PickingDeps{
		Tx: tx, Orders: orders, Picking: picking, Payments: pays, Inbox: inbox, Outbox: outbox,
		Refunds: refundSvc, Processor: processor, NewID: newID, Now: now, Log: log,
	})
	deliverySvc := service.NewDeliveryService(service.DeliveryDeps{
		Tx: tx, Orders: orders, Delivery: delivery, Outbox: outbox, Loyalty: loyaltySvc,
		SMS: smsClient, Partner: partnerClient, Bus: publisher, NewMsgID: newMsgID, Now: now, Log: log,
	})
	stockSvc := service.NewStockService(tx, stock, log)
	relay := service.NewOutboxRelay(tx, outbox, publisher, now, 100, log)

	handlers := &worker.Handlers{Picking: pickingSvc, Delivery: deliverySvc, Stock: stockSvc, Log: log}

	worker.RunJobs(ctx, []worker.Job{
		{Name: "outbox-relay", Interval: cfg.OutboxPeriod, Run: relay.RunOnce},
		{Name: "refund-sweeper", Interval: time.Minute, Run: func(ctx context.Context) (int, error) {
			return refundSvc.RetryStale(ctx, cfg.RefundRetry)
		}},
	}, log)

	runner := worker.NewRunner(js, worker.Routes(handlers), log)
	log.Info("worker starting")
	return runner.Run(ctx)
}
