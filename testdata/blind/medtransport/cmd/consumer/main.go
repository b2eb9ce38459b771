// Command consumer runs the JetStream consumers and the outbox relay.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/uptrace/bun"
	"golang.org/x/sync/errgroup"

	"github.com/carelift-health/nemt/internal/app"
	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/outbox"
	"github.com/carelift-health/nemt/internal/platform/config"
	"github.com/carelift-health/nemt/internal/platform/natsx"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.NewContainer()
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(cfg *config.Config, db *bun.DB, js jetstream.JetStream, routes natsx.Routes, relay *outbox.Relay, log *slog.Logger) error {
		defer db.Close()
		if err := natsx.EnsureStreams(ctx, js); err != nil {
			return err
		}
		router := natsx.NewRouter(log, routes, natsx.Logging(log))

		g, ctx := errgroup.WithContext(ctx)
		for _, stream := range []string{events.StreamRides, events.StreamTrips} {
			cons, err := js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
				Durable:        fmt.Sprintf("%s-%s", cfg.ConsumerName, stream),
				FilterSubjects: subjectsFor(stream, router.Subjects()),
				AckPolicy:      jetstream.AckExplicitPolicy,
				AckWait:        60 * time.Second,
				MaxDeliver:     20,
			})
			if err != nil {
				return fmt.Errorf("consumer on %s: %w", stream, err)
			}
			g.Go(func() error { return router.Run(ctx, cons) })
		}
		g.Go(func() error { return relay.Run(ctx) })
		log.Info("consumers running")
		return g.Wait()
	})
	if err != nil {
		slog.Error("consumer exited", "err", err)
		os.Exit(1)
	}
}

func subjectsFor(stream string, all []string) []string {
	prefix := map[string]string{events.StreamRides: "rides.", events.StreamTrips: "trips."}[stream]
	var out []string
	for _, s := range all {
		if len(s) > len(prefix) && s[:len(prefix)] == prefix {
			out = append(out, s)
		}
	}
	return out
}
