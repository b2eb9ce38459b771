// Command worker processes asynq tasks: ride charges, receipts, refunds,
// wallet reloads and crew dispatches.
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

	w, cleanup, err := initializeWorker(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	if err := w.Start(); err != nil {
		log.Fatalf("start worker: %v", err)
	}
	<-ctx.Done()
	w.Shutdown()
}
