// Command dispatcher consumes job, dispatch and tracking events from NATS
// JetStream.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/consumers"
	"github.com/tradeloop/homeservices/internal/platform/events"
)

type app struct {
	runner    *events.Runner
	consumers *consumers.Consumers
}

func newApp(runner *events.Runner, c *consumers.Consumers) *app {
	return &app{runner: runner, consumers: c}
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("component", "dispatcher")
}

func main() {
	slog.SetDefault(newLogger())
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := a.runner.Run(ctx, a.consumers.Subscriptions()); err != nil {
		slog.Error("dispatcher stopped", "err", err)
		os.Exit(1)
	}
}
