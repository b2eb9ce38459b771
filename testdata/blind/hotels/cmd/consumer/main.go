// Command consumer runs the RabbitMQ consume loop and the outbox relay.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/harbourline/hotels/internal/app"
	"github.com/harbourline/hotels/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := app.InitializeConsumer(ctx, config.Load())
	if err != nil {
		app.ProvideLogger().Error("wiring failed", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return a.Consumer.Run(ctx) })
	g.Go(func() error { return a.Relay.Run(ctx) })
	if err := g.Wait(); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Error("consumer stopped", "err", err)
		cleanup()
		os.Exit(1)
	}
}
