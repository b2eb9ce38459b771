// Command worker runs the Temporal worker, the SQS events consumer, the
// Pub/Sub subscriptions and the outbox relay.
package main

import (
	"context"
	"errors"
	"log"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"cloud.google.com/go/pubsub/v2"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"github.com/civicfund/grants/internal/app"
	"github.com/civicfund/grants/internal/config"
	"github.com/civicfund/grants/internal/consumers/pubsubsub"
	"github.com/civicfund/grants/internal/consumers/sqshandlers"
	"github.com/civicfund/grants/internal/consumers/sqsloop"
	"github.com/civicfund/grants/internal/disbursement"
	"github.com/civicfund/grants/internal/providers/fifo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg := config.FromEnv()
	c, err := app.NewContainer(ctx, cfg)
	if err != nil {
		log.Fatalf("build container: %v", err)
	}
	defer c.Close()

	// Temporal: workflows, struct activities, and named function activities.
	w := worker.New(c.Temporal, cfg.TaskQueue, worker.Options{})
	w.RegisterWorkflow(disbursement.DisburseGrantWorkflow)
	w.RegisterWorkflow(disbursement.EmergencyGrantWorkflow)
	w.RegisterActivity(c.Activities())
	for name, fn := range disbursement.Registry(c.ActivityDeps()) {
		w.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
	if err := w.Start(); err != nil {
		log.Fatalf("start temporal worker: %v", err)
	}
	defer w.Stop()

	// SQS events FIFO queue.
	loop := sqsloop.New(
		c.Providers.SQS,
		cfg.EventsQueueURL,
		fifo.EventTypeAttribute,
		sqshandlers.Table(sqshandlers.Deps{
			Ledger:   c.Ledger,
			Pledges:  c.Pledges,
			Receipts: c.Receipts,
			Payouts:  c.Payouts,
			Matching: c.Matching,
			Donors:   c.Donors,
		}),
		[]sqsloop.Middleware{sqsloop.Recover, sqsloop.Logging(c.Log)},
		sqsloop.WithLogger(c.Log.With("component", "sqs")),
	)

	// Pub/Sub subscriptions.
	psClient, err := pubsub.NewClient(ctx, cfg.GCPProject)
	if err != nil {
		log.Fatalf("pubsub client: %v", err)
	}
	defer psClient.Close()
	runner := &pubsubsub.Runner{
		Client: psClient,
		Subs: pubsubsub.Subscriptions(pubsubsub.Deps{
			Receipts:     c.Receipts,
			GranteeHooks: c.GranteeHooks,
			Campaigns:    c.Campaigns,
		}),
		Log: c.Log.With("component", "pubsub"),
	}

	relay := c.OutboxRelay()

	var wg sync.WaitGroup
	run := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil && !errors.Is(err, context.Canceled) {
				c.Log.Error("component stopped", "component", name, "err", err)
				stop()
			}
		}()
	}
	run("sqs", loop.Run)
	run("pubsub", runner.Run)
	run("outbox", relay.Run)

	<-ctx.Done()
	wg.Wait()
}
