// Command registry-api serves the quota and catch registry's REST API and
// the payments provider's webhooks.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/kelpline-systems/quotareg/internal/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "registry-api:", err)
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

	srv, cleanup, err := initServer(cfg)
	if err != nil {
		return err
	}
	defer cleanup()
	return srv.Run(ctx)
}
