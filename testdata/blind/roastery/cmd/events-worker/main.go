// Command events-worker runs the JetStream consumers and the outbox relay.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/ridgeline-coffee/roastery/internal/app"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/workers"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.Build()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(workers.Bindings); err != nil {
		slog.Error("provide bindings", "err", err)
		os.Exit(1)
	}

	err = c.Invoke(func(js jetstream.JetStream, runner *events.Runner, relay *events.Relay,
		bindings []events.Binding, log *slog.Logger) error {
		if _, err := events.EnsureStream(ctx, js); err != nil {
			return err
		}
		stopConsumers, err := runner.Start(ctx, bindings)
		if err != nil {
			return err
		}
		defer stopConsumers()

		go relay.Run(ctx)
		log.Info("events-worker running", "consumers", len(bindings))
		<-ctx.Done()
		return nil
	})
	if err != nil {
		slog.Error("events-worker exited", "err", err)
		os.Exit(1)
	}
}
