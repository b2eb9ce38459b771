// Command registry-cron runs one batch job and exits:
//
//	registry-cron licence-fees -period 2026-11
//	registry-cron overage-penalties -season 2026
//	registry-cron outbox-relay
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kelpline-systems/quotareg/internal/config"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "registry-cron:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: registry-cron <job> [flags]")
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initCron(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	start := time.Now()
	app.Log.Info("job starting", "job", args[0], "args", args[1:])
	if err := app.Jobs.Run(ctx, args[0], args[1:]); err != nil {
		app.Log.Error("job failed", "job", args[0], "err", err, "dur", time.Since(start))
		return err
	}
	app.Log.Info("job finished", "job", args[0], "dur", time.Since(start))
	return nil
}
