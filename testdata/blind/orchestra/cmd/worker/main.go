// Command worker processes asynq tasks: installment charges, reminders,
// welcome emails, payroll and matching-gift reconciliation.
package main

import (
	"fmt"
	"os"

	"github.com/harborlight-symphony/encore/internal/app"
	"github.com/harborlight-symphony/encore/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
	w, cleanup, err := app.InitializeWorker(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
	defer cleanup()

	w.Log.Info("worker starting", "concurrency", cfg.WorkerConcurrency)
	// Run blocks until SIGTERM/SIGINT and then drains in-flight tasks.
	if err := w.Server.Run(w.Mux); err != nil {
		w.Log.Error("worker stopped", "err", err)
		cleanup()
		os.Exit(1)
	}
}
