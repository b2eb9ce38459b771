// Command seedbank-worker runs the broker consumers and the outbox relay.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/furrowline/seedbank/internal/config"
	"github.com/furrowline/seedbank/internal/jobs"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "seedbank-worker:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	w, cleanup, err := initializeWorker(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	go jobs.RelayLoop(ctx, w.Relay, 2*time.Second, w.Log)

	w.Log.Info("worker starting")
	if err := w.Router.Run(ctx); err != nil {
		return err
	}
	return w.Router.Close()
}
