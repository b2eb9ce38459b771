// Command worker runs the asynq task handlers and the periodic scheduler.
package main

import (
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/scriptline/refills/internal/app"
	"github.com/scriptline/refills/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	w, cleanup, err := app.InitializeWorker(cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	if err := w.Scheduler.Start(); err != nil {
		log.Fatalf("scheduler: %v", err)
	}
	defer w.Scheduler.Shutdown()

	if err := w.Server.Start(w.Mux); err != nil {
		log.Fatalf("worker: %v", err)
	}
	w.Log.Info("worker started", "concurrency", cfg.WorkerConcurrency)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	w.Server.Shutdown()
}
