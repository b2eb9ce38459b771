// Command contractor-consumer applies contractor work-order status updates
// from the contractor-status SQS queue.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/quadhall/housing/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := app.LoadConfig()
	if err != nil {
		log.Fatal(err)
	}
	if cfg.ContractorQueue == "" {
		log.Fatal("CONTRACTOR_QUEUE_URL is required")
	}
	consumer, cleanup, err := initConsumer(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	if err := consumer.Run(ctx); err != nil {
		log.Fatalf("consumer: %v", err)
	}
}
