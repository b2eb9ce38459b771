// Command seedbank-cron runs one batch job by name and exits. A non-zero
// exit makes the scheduler run the job again.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/furrowline/seedbank/internal/config"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seedbank-cron <job>")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "seedbank-cron:", err)
		os.Exit(1)
	}
}

func run(job string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	c, cleanup, err := initializeCron(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return c.Jobs.Run(ctx, c.Log, job)
}
