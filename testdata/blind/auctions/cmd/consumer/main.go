// Command consumer runs the JetStream consumers for bid, lot, payment and
// shipment events.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/segmentio/ksuid"
	"go.temporal.io/sdk/client"

	"github.com/hammerline/auctions/internal/config"
	"github.com/hammerline/auctions/internal/consumers"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/natsx"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/outbound"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/settlement"
	"github.com/hammerline/auctions/internal/store"
)

func main() {
	log := logx.New("consumer")
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("consumer exited", "err", err)
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
	ctx = logx.With(ctx, log)

	pool, err := pgdb.Connect(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	defer pool.Close()

	nc, err := nats.Connect(cfg.NATSURL, nats.Name("auctions-consumer"))
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

	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	if err != nil {
		return err
	}
	defer tc.Close()

	// Every message to the provider carries an Idempotency-Key; handlers
	// that have a natural key set it themselves.
	sender := notify.Keyed(notify.New(cfg.NotifyBaseURL, cfg.NotifyAPIKey), func() string {
		return ksuid.New().String()
	})

	accounts := store.NewAccounts()
	lotRepo := store.NewLots()
	orderRepo := store.NewOrders()
	inbox := store.NewInbox()
	fees := domain.Fees{BuyerPremiumBPS: cfg.BuyerPremiumBPS, SellerFeeBPS: cfg.SellerFeeBPS}

	set := consumers.Set{
		Outbid:      consumers.NewOutbidNotifier(pool, accounts, lotRepo, sender),
		Stats:       consumers.NewLotStatsProjector(pool, inbox, store.NewBids()),
		SellerHooks: consumers.NewSellerWebhookRelay(pool, accounts, outbound.NewDispatcher(), store.NewNotifications()),
		SellerSold:  consumers.NewSellerSoldNotifier(pool, accounts, sender),
		Invoices:    consumers.NewInvoiceWriter(pool, orderRepo),
		Escrow: consumers.NewEscrowReleaser(pool, inbox, orderRepo, store.NewLedger(),
			settlement.NewGateway(tc, cfg.TaskQueue), fees),
	}

	runner := natsx.NewRunner(js, events.Stream, log)
	log.Info("consumers starting")
	return runner.Run(ctx, set.Routes())
}
