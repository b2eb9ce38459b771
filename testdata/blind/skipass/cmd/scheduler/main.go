// Command scheduler runs one named job and exits. Kubernetes CronJobs invoke
// it, e.g. `scheduler -job queue-due-instalments`.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/summitline/skipass/internal/config"
)

func main() {
	job := flag.String("job", "", "job to run")
	asOf := flag.String("as-of", "", "run as of this RFC 3339 time (default now)")
	list := flag.Bool("list", false, "list jobs and exit")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	runner, cleanup, err := initRunner(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()

	if *list {
		for _, n := range runner.Names() {
			fmt.Println(n)
		}
		return
	}
	now := time.Now()
	if *asOf != "" {
		if now, err = time.Parse(time.RFC3339, *asOf); err != nil {
			log.Fatalf("-as-of: %v", err)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := runner.Run(ctx, *job, now); err != nil {
		cleanup()
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
