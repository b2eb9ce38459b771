// Command cron runs one periodic job and exits: `cron <job-name>`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/polyglotdesk/marketplace/internal/app"
	"github.com/polyglotdesk/marketplace/internal/config"
	"github.com/polyglotdesk/marketplace/internal/cron"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <job-name>")
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	reg, err := app.Build(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer reg.Close()

	table := cron.Table(cron.Deps{
		Engagement: reg.Services.Engagement,
		Settlement: reg.Services.Settlement,
		Payouts:    reg.Services.Payouts,
		Log:        reg.Log,
	})

	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 30*time.Minute)
	defer cancelTimeout()

	if err := cron.RunNamed(ctx, table, os.Args[1], time.Now().UTC()); err != nil {
		reg.Log.Error("cron job failed", "job", os.Args[1], "err", err)
		reg.Close()
		os.Exit(1)
	}
}
