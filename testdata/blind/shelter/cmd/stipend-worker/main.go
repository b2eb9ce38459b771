// Command stipend-worker runs the Temporal worker for the monthly foster
// stipend workflow and its activities.
package main

import (
	"log/slog"
	"os"

	"go.temporal.io/sdk/worker"

	"github.com/brindlewood-labs/shelternet/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	w, cleanup, err := initializeWorker(cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := w.Run(worker.InterruptCh()); err != nil {
		log.Error("worker stopped", "err", err)
		cleanup()
		os.Exit(1)
	}
}
