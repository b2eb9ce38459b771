// Command worker runs the Temporal worker for weekly driver payouts.
package main

import (
	"context"
	"os"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	temporallog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/wayfare/ridepay/internal/app"
	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/events"
	"github.com/wayfare/ridepay/internal/payoutflow"
)

func main() {
	log := app.Logger("ridepay-worker")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx := context.Background()
	sqldb := app.MustDB(ctx, cfg, log)
	defer sqldb.Close()

	nc, err := nats.Connect(cfg.NATSURL, nats.Name("ridepay-worker"), nats.MaxReconnects(-1))
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

	tc, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHost,
		Namespace: cfg.TemporalNS,
		Logger:    temporallog.NewStructuredLogger(log),
	})
	if err != nil {
		log.Error("temporal dial", "err", err)
		os.Exit(1)
	}
	defer tc.Close()

	repos := app.NewRepos(sqldb)
	clients := app.NewClients(cfg, log)
	notifier := app.NewNotifier(repos, clients, log)

	acts := payoutflow.NewActivities(payoutflow.Deps{
		DB:            sqldb,
		Payouts:       repos.Payouts,
		Balances:      repos.Balances,
		Drivers:       repos.Drivers,
		Provider:      clients.Payouts,
		Notifier:      notifier,
		Publisher:     events.NewPublisher(js),
		Log:           log,
		MinimumPayout: cfg.MinimumPayoutCents,
	})

	w := worker.New(tc, payoutflow.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflowWithOptions(payoutflow.WeeklyPayout, workflow.RegisterOptions{Name: payoutflow.WorkflowName})
	w.RegisterActivity(acts)

	if err := w.Run(worker.InterruptCh()); err != nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
