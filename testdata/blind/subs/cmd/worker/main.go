// Command worker runs the stream consumers, the task server and the
// outbox relay.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/meterly/subs/internal/app"
	"github.com/meterly/subs/internal/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	w, cleanup, err := app.InitializeWorker(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()
	return w.Run(ctx)
}
