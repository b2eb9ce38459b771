// Command dockconsumer processes dock controller events from JetStream.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	runner, cleanup, err := initializeRunner(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	if err := runner.Run(ctx); err != nil {
		log.Fatalf("dock consumer: %v", err)
	}
}
