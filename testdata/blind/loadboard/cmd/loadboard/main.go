// Command loadboard runs the Haulgrid load board: the HTTP API, the event
// consumers and the tender workflow worker in one process.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/haulgrid/loadboard/internal/app"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadboard:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := app.Initialize(cfg)
	if err != nil {
		return fmt.Errorf("initialise: %w", err)
	}
	defer cleanup()
	return a.Run(ctx)
}
