// Command withdrawal-worker executes withdrawal and reconciliation jobs
// from the SQS FIFO queues.
package main

import (
	"context"
	"log"
	"os/signal"
	"sync"
	"syscall"

	"github.com/halyard/funding/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	w, cleanup, err := initializeWorkers(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	var wg sync.WaitGroup
	for name, worker := range w.workers {
		wg.Add(1)
		go func(name string) {
			defer wg.Done()
			w.log.Info("worker started", "queue", name)
			if err := worker.Run(ctx); err != nil {
				w.log.Error("worker stopped", "queue", name, "err", err)
			}
		}(name)
	}
	wg.Wait()
}
