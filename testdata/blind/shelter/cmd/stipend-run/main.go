// Command stipend-run starts the monthly foster stipend workflow. It runs
// from the ops cron on the 1st of each month at 06:00 and is rerun by the
// on-call engineer if it fails; starting the same period twice is harmless
// because the workflow ID is derived from the period.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/platform/temporalx"
	"github.com/brindlewood-labs/shelternet/internal/stipend"
)

func main() {
	period := flag.String("period", time.Now().UTC().AddDate(0, -1, 0).Format("2006-01"), "stipend period, YYYY-MM")
	flag.Parse()

	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	c, closeClient, err := temporalx.Dial(cfg, log)
	if err != nil {
		log.Error("temporal", "err", err)
		os.Exit(1)
	}
	defer closeClient()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                    stipend.WorkflowID(*period),
		TaskQueue:             cfg.StipendTaskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowRunTimeout:    48 * time.Hour,
	}, stipend.WorkflowName, stipend.RunInput{Period: *period})
	if temporal.IsWorkflowExecutionAlreadyStartedError(err) {
		log.Info("stipend run already started", "period", *period)
		return
	}
	if err != nil {
		log.Error("start workflow", "period", *period, "err", err)
		os.Exit(1)
	}
	log.Info("stipend run started", "period", *period, "workflow_id", run.GetID(), "run_id", run.GetRunID())
}
