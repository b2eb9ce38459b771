// Command tourdesk runs the Larkspur Travel booking back end: the HTTP API,
// the asynq worker and the periodic scheduler in one process.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/larkspur-travel/tourdesk/internal/app"
	"github.com/larkspur-travel/tourdesk/internal/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "tourdesk:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	a, cleanup, err := app.Initialize(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return a.Run(ctx)
}
