// Command processor relays committed outbox events onto the event bus and
// runs the watermill handlers that consume them.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"golang.org/x/sync/errgroup"

	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/processor"
)

type processorApp struct {
	Router *message.Router
	Relay  *processor.Relay
	PubSub *gochannel.GoChannel
	Log    *slog.Logger
}

func main() {
	cfg := config.Load()
	a, cleanup, err := initializeProcessor(cfg)
	if err != nil {
		slog.Error("initialise processor", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return a.Router.Run(ctx) })
	g.Go(func() error {
		<-a.Router.Running()
		return a.Relay.Run(ctx)
	})
	if err := g.Wait(); err != nil {
		a.Log.Error("processor stopped", "err", err)
	}
	if err := a.PubSub.Close(); err != nil {
		a.Log.Error("close pubsub", "err", err)
	}
}
