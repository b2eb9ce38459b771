// Command consumer processes dispatch, onboarding and incentive events from
// JetStream.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wayfare/ridepay/internal/accounts"
	"github.com/wayfare/ridepay/internal/app"
	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/consumer"
	"github.com/wayfare/ridepay/internal/earnings"
	"github.com/wayfare/ridepay/internal/events"
	"github.com/wayfare/ridepay/internal/fares"
	"github.com/wayfare/ridepay/internal/ledger"
)

func main() {
	log := app.Logger("ridepay-consumer")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	sqldb := app.MustDB(ctx, cfg, log)
	defer sqldb.Close()

	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("ridepay-consumer"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		log.Error("nats connect", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		log.Error("jetstream", "err", err)
		os.Exit(1)
	}

	repos := app.NewRepos(sqldb)
	clients := app.NewClients(cfg, log)
	notifier := app.NewNotifier(repos, clients, log)
	pub := events.NewPublisher(js)

	fareSvc := fares.NewService(sqldb, repos.Fares, repos.Drivers, clients.Payments, pub, fares.Config{
		Commission:         ledger.DefaultCommission,
		MaxCaptureAttempts: 5,
	}, log)
	earningsSvc := earnings.NewService(sqldb, repos.Notifications, notifier, pub, log)
	accountSvc := accounts.NewService(repos.Drivers, log)

	h := &consumer.Handlers{
		Fares:    fareSvc,
		Earnings: earningsSvc,
		Accounts: accountSvc,
		Notifier: notifier,
		Log:      log,
	}
	runner := events.NewRunner(js, events.RunnerConfig{
		Stream:        cfg.NATSStream,
		DurablePrefix: cfg.DurablePrefix,
	}, h.Routes(), log)

	if err := runner.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
