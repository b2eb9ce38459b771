// Command scheduler runs one periodic job per invocation:
//
//	scheduler run close-stale-rides
//	scheduler run rebalance-sweep
//	scheduler run renew-passes
//	scheduler run pass-reminders
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func main() {
	if len(os.Args) != 3 || os.Args[1] != "run" {
		fmt.Fprintln(os.Stderr, "usage: scheduler run <job>")
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	jobs, cleanup, err := initializeJobs(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	err = jobs.Run(ctx, os.Args[2])
	cleanup()
	if err != nil {
		log.Fatalf("job %s failed: %v", os.Args[2], err)
	}
}
