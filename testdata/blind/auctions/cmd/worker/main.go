// Command worker runs the Temporal worker for auction close and settlement.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/config"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/insurer"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/settlement"
	"github.com/hammerline/auctions/internal/shipping"
	"github.com/hammerline/auctions/internal/store"
)

func main() {
	log := logx.New("worker")
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func newActivities(cfg config.Config, pool pgdb.DB, pub *events.Publisher) *settlement.Activities {
	lotRepo := store.NewLots()
	orderRepo := store.NewOrders()
	accountRepo := store.NewAccounts()
	shipmentRepo := store.NewShipments()
	carrierClient := carrier.New(cfg.CarrierBaseURL, cfg.CarrierAPIKey)

	return &settlement.Activities{
		DB:       pool,
		Lots:     lotRepo,
		Bids:     store.NewBids(),
		Orders:   orderRepo,
		Ledger:   store.NewLedger(),
		Payouts:  store.NewPayments(),
		Policies: shipmentRepo,
		Notes:    store.NewNotifications(),
		Accounts: accountRepo,
		Payments: stripepay.New(cfg.StripeSecretKey),
		Shipping: shipping.NewService(pool, carrierClient, shipmentRepo, orderRepo, lotRepo, accountRepo),
		Notifier: notify.New(cfg.NotifyBaseURL, cfg.NotifyAPIKey),
		Insurer:  insurer.New(cfg.InsurerBaseURL, cfg.InsurerAPIKey),
		Events:   pub,
		Fees: domain.Fees{
			BuyerPremiumBPS: cfg.BuyerPremiumBPS,
			SellerFeeBPS:    cfg.SellerFeeBPS,
		},
		InsureAboveCents: cfg.InsureAboveCents,
		Now:              time.Now,
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := pgdb.Connect(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	defer pool.Close()

	nc, err := nats.Connect(cfg.NATSURL, nats.Name("auctions-worker"))
	if err != nil {
		return err
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}

	tc, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
	if err != nil {
		return err
	}
	defer tc.Close()

	w := worker.New(tc, cfg.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 50,
	})
	w.RegisterWorkflow(settlement.AuctionCloseWorkflow)
	w.RegisterWorkflow(settlement.SettlementWorkflow)
	w.RegisterActivity(newActivities(cfg, pool, events.NewPublisher(js)))

	log.Info("worker starting", "task_queue", cfg.TaskQueue)
	return w.Run(worker.InterruptCh())
}
