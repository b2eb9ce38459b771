// Command events runs the domain event consumers.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/soundledger/artistpay/internal/config"
)

type app struct {
	router *message.Router
}

func newApp(router *message.Router) *app {
	return &app{router: router}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := a.router.Run(ctx); err != nil {
		slog.Error("router", "err", err)
		os.Exit(1)
	}
}
