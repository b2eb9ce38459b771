// Command cron runs one nightly housing job, named by its first argument:
//
//	cron close-term
//	cron bank-details-reminders
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/quadhall/housing/internal/app"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <job>")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()

	cfg, err := app.LoadConfig()
	if err != nil {
		log.Fatal(err)
	}
	registry, cleanup, err := initJobs(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	job, ok := registry[os.Args[1]]
	if !ok {
		names := make([]string, 0, len(registry))
		for n := range registry {
			names = append(names, n)
		}
		sort.Strings(names)
		log.Fatalf("unknown job %q (have %v)", os.Args[1], names)
	}
	start := time.Now()
	if err := job.Run(ctx); err != nil {
		log.Printf("%s failed after %s: %v", job.Name(), time.Since(start), err)
		cleanup()
		os.Exit(1)
	}
	log.Printf("%s finished in %s", job.Name(), time.Since(start))
}
