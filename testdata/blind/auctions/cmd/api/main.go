// Command api serves the public REST API and provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"

	"github.com/hammerline/auctions/internal/bidding"
	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/config"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/httpapi"
	"github.com/hammerline/auctions/internal/lots"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/orders"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/idem"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/settlement"
	"github.com/hammerline/auctions/internal/shipping"
	"github.com/hammerline/auctions/internal/store"
	"github.com/hammerline/auctions/internal/webhooks"
)

func main() {
	log := logx.New("api")
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
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

	pool, err := pgdb.Connect(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	defer pool.Close()

	nc, err := nats.Connect(cfg.NATSURL, nats.Name("auctions-api"))
	if err != nil {
		return err
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	if err := events.EnsureStream(ctx, js); err != nil {
		return err
	}
	publisher := events.NewPublisher(js)

	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	if err != nil {
		return err
	}
	defer tc.Close()
	workflows := settlement.NewGateway(tc, cfg.TaskQueue)

	stripeClient := stripepay.New(cfg.StripeSecretKey)
	carrierClient := carrier.New(cfg.CarrierBaseURL, cfg.CarrierAPIKey)
	notifier := notify.New(cfg.NotifyBaseURL, cfg.NotifyAPIKey)

	lotRepo := store.NewLots()
	bidRepo := store.NewBids()
	orderRepo := store.NewOrders()
	paymentRepo := store.NewPayments()
	accountRepo := store.NewAccounts()
	ledger := store.NewLedger()
	shipmentRepo := store.NewShipments()

	lotSvc := lots.NewService(lots.Deps{
		DB:             pool,
		Lots:           lotRepo,
		Bids:           bidRepo,
		Ledger:         ledger,
		Accounts:       accountRepo,
		Keys:           idem.NewStore(),
		Scheduler:      workflows,
		Notifier:       notifier,
		CancelFeeCents: 25_00,
	})
	bidSvc := bidding.NewService(pool, lotRepo, bidRepo, publisher, workflows, bidding.Config{})
	orderSvc := orders.NewService(pool, orderRepo, paymentRepo, accountRepo, ledger, stripeClient, publisher, workflows)
	shipSvc := shipping.NewService(pool, carrierClient, shipmentRepo, orderRepo, lotRepo, accountRepo)

	router := httpapi.NewRouter(httpapi.Services{
		Lots:     lotSvc,
		Bidding:  bidSvc,
		Orders:   orderSvc,
		Shipping: shipSvc,
		Stripe:   webhooks.NewStripeProcessor(pool, paymentRepo, orderSvc, orderRepo),
		Carrier:  webhooks.NewCarrierProcessor(pool, shipmentRepo, orderRepo, publisher),
	}, httpapi.Secrets{StripeWebhook: cfg.StripeWebhookKey, CarrierWebhook: cfg.CarrierWebhookKey})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return logx.With(context.Background(), log) },
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
