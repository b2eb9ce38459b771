// Command consumer runs the watermill router over the Kafka topics fed by
// the head-end system, the billing scheduler and the bank settlement import.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ThreeDotsLabs/watermill/message"
)

type app struct {
	log    *slog.Logger
	router *message.Router
}

func newApp(log *slog.Logger, router *message.Router) *app {
	return &app{log: log, router: router}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeConsumer(ctx)
	if err != nil {
		slog.Error("init consumer", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	a.log.Info("consumer starting")
	if err := a.router.Run(ctx); err != nil {
		a.log.Error("router stopped", "err", err)
		os.Exit(1)
	}
}
