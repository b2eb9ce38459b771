// Command api serves the Basketline HTTP API.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/bus"
	"github.com/basketline/grocery/internal/config"
	"github.com/basketline/grocery/internal/httpapi"
	"github.com/basketline/grocery/internal/partner"
	"github.com/basketline/grocery/internal/payments"
	"github.com/basketline/grocery/internal/service"
	"github.com/basketline/grocery/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
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

	nc, js, err := bus.Connect(cfg.NATSURL, "basketline-api")
	if err != nil {
		return err
	}
	defer nc.Drain()
	publisher := bus.NewPublisher(js)

	// Repositories.
	tx := store.NewTransactor(db)
	baskets := store.NewBasketRepo(db)
	stock := store.NewStockRepo(db)
	slots := store.NewSlotRepo(db)
	orders := store.NewOrderRepo(db)
	pays := store.NewPaymentRepo(db)
	picking := store.NewPickingRepo(db)
	refunds := store.NewRefundRepo(db)
	loyaltyRepo := store.NewLoyaltyRepo(db)
	idem := store.NewIdempotencyRepo(db)
	outbox := store.NewOutboxRepo(db)
	webhookLog := store.NewWebhookRepo(db)

	// Providers.
	processor, err := payments.NewClient(payments.Config{
		BaseURL:  cfg.ProcessorURL,
		APIKey:   cfg.ProcessorKey,
		Attempts: cfg.ProcessorAttempts,
	})
	if err != nil {
		return err
	}
	processor.OnAttempt = func(ctx context.Context, op, key string, status int, err error) {
		outcome, detail := "ok", ""
		if err != nil {
			outcome, detail = "error", err.Error()
		}
		log.InfoContext(ctx, "processor call", "op", op, "status", status, "outcome", outcome, "detail", detail)
	}
	partnerClient, err := partner.NewClient(partner.Config{BaseURL: cfg.PartnerURL, APIKey: cfg.PartnerKey})
	if err != nil {
		return err
	}

	now := func() time.Time { return time.Now().UTC() }
	newID := uuid.New

	// Services.
	basketSvc := service.NewBasketService(tx, baskets, stock, newID, log)
	slotSvc := service.NewSlotService(tx, slots, baskets, orders, newID, now, cfg.SlotHold, cfg.SlotCutoff, log)
	checkoutSvc := service.NewCheckoutService(service.CheckoutDeps{
		Tx: tx, Baskets: baskets, Stock: stock, Slots: slots, Orders: orders, Payments: pays,
		Loyalty: loyaltyRepo, Idem: idem, Outbox: outbox, Processor: processor,
		NewID: newID, Now: now, Log: log,
	})
	orderSvc := service.NewOrderService(service.OrderDeps{
		Tx: tx, Orders: orders, Slots: slots, Payments: pays, Loyalty: loyaltyRepo,
		Processor: processor, Partner: partnerClient, Bus: publisher, NewID: newID, Now: now, Log: log,
	})
	refundSvc := service.NewRefundService(service.RefundDeps{
		Tx: tx, Orders: orders, Payments: pays, Refunds: refunds, Picking: picking,
		Processor: processor, NewID: newID, Now: now, Log: log,
	})
	loyaltySvc := service.NewLoyaltyService(tx, loyaltyRepo, baskets, idem, newID, log)
	stockSvc := service.NewStockService(tx, stock, log)
	webhookSvc := service.NewWebhookService(tx, refunds, pays, orders, loyaltySvc, log)

	srv := httpapi.New(httpapi.Deps{
		Baskets:        basketSvc,
		Checkout:       checkoutSvc,
		Slots:          slotSvc,
		Orders:         orderSvc,
		Refunds:        refundSvc,
		Loyalty:        loyaltySvc,
		Stock:          stockSvc,
		Webhooks:       webhookSvc,
		Events:         webhookLog,
		InternalToken:  cfg.InternalToken,
		WebhookSecret:  cfg.WebhookSecret,
		PartnerAPIKeys: cfg.PartnerKeys,
		Now:            now,
		Log:            log,
	})

	// Slot holds that were never checked out go back into the pool.
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if n, err := slotSvc.ExpireHolds(ctx); err != nil {
					log.Warn("expire slot holds", "err", err)
				} else if n > 0 {
					log.Info("expired slot holds", "count", n)
				}
			}
		}
	}()

	errCh := make(chan error, 1)
	go func() { errCh <- srv.Listen(cfg.HTTPAddr) }()
	log.Info("api listening", "addr", cfg.HTTPAddr)

	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
