// Command registry-worker runs the asynq task server (invoicing, customs
// submissions, notifications) and the Kafka topic consumers.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/events"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "registry-worker:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initWorker(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	g, ctx := errgroup.WithContext(ctx)
	for topic, routes := range app.Routes {
		c := events.NewConsumer(app.Kafka, topic, routes, app.Log)
		g.Go(func() error { return c.Run(ctx) })
	}
	g.Go(func() error {
		if err := app.Server.Start(app.Workers.Mux()); err != nil {
			return err
		}
		<-ctx.Done()
		app.Server.Shutdown()
		return nil
	})
	return g.Wait()
}
