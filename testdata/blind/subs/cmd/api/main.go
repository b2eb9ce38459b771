// Command api serves the public REST API and the internal gRPC billing API.
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
		fmt.Fprintln(os.Stderr, "api:", err)
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
	a, cleanup, err := app.InitializeAPI(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()
	return a.Run(ctx)
}
