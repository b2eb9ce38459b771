// Command renewal-worker runs the Temporal worker for membership renewals.
package main

import (
	"fmt"
	"os"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/providers/messaging"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/renewal"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "renewal-worker: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger, err := logging.New(cfg)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()

	db, err := database.Open(cfg, logger)
	if err != nil {
		return err
	}
	tx := database.NewTxManager(db)
	reg := metrics.NewRegistry()

	tc, err := client.Dial(client.Options{HostPort: cfg.Temporal.HostPort, Namespace: cfg.Temporal.Namespace})
	if err != nil {
		return fmt.Errorf("dial temporal: %w", err)
	}
	defer tc.Close()

	acts := renewal.NewActivities(
		tx,
		store.NewMembershipRepo(tx),
		store.NewRenewalRepo(tx),
		store.NewCardRepo(tx),
		payments.NewClient(cfg, reg),
		fulfilment.NewClient(cfg, reg),
		notify.NewNotifier(messaging.NewEmailClient(cfg, reg)),
	)

	w := worker.New(tc, cfg.Temporal.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflowWithOptions(renewal.RenewalWorkflow, workflowOptions())
	w.RegisterActivity(acts)

	logger.Info("renewal worker starting", zap.String("task_queue", cfg.Temporal.TaskQueue))
	return w.Run(worker.InterruptCh())
}
