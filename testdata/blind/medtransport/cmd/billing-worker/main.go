// Command billing-worker runs the Temporal worker for trip billing.
package main

import (
	"log/slog"
	"os"

	"github.com/uptrace/bun"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/carelift-health/nemt/internal/app"
	"github.com/carelift-health/nemt/internal/billing"
	"github.com/carelift-health/nemt/internal/platform/config"
)

func main() {
	c, err := app.NewContainer()
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(cfg *config.Config, db *bun.DB, tc client.Client, acts *billing.Activities, log *slog.Logger) error {
		defer db.Close()
		defer tc.Close()

		w := worker.New(tc, cfg.BillingTaskQueue, worker.Options{
			MaxConcurrentActivityExecutionSize: 20,
		})
		billing.Register(w, acts)
		log.Info("billing worker starting", "task_queue", cfg.BillingTaskQueue)
		return w.Run(worker.InterruptCh())
	})
	if err != nil {
		slog.Error("billing worker exited", "err", err)
		os.Exit(1)
	}
}
