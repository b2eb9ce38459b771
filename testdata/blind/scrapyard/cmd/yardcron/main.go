// Command yardcron runs the periodic jobs: the outbox relay, the daily state
// compliance filing and expiry of law-enforcement holds.
//
//	yardcron            run all tasks on their schedules
//	yardcron run NAME   run one task now and exit
package main

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/ironbridge-metals/yardops/internal/app"
	"github.com/ironbridge-metals/yardops/internal/config"
	"github.com/ironbridge-metals/yardops/internal/cron"
	"github.com/ironbridge-metals/yardops/internal/provider/stateportal"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

func main() {
	logger := app.Logger("yardcron")
	if err := run(logger, os.Args[1:]); err != nil {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger, args []string) error {
	ctx, stop := app.SignalContext()
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := app.OpenDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	sqsClient, err := app.SQSClient(ctx, cfg)
	if err != nil {
		return err
	}

	st := store.NewSQLStore(db)
	relay := service.NewOutboxRelay(st, queue.NewPublisher(sqsClient, app.QueueMap(cfg)), 100, logger)
	compliance := service.NewComplianceService(st, stateportal.New(cfg.StatePortalURL, cfg.StatePortalKey), logger)
	tickets := service.NewTicketService(st, logger)

	runner := cron.NewRunner(logger,
		cron.Task{Name: "outbox-relay", Every: 2 * time.Second, Run: relay.Drain},
		cron.Task{Name: "compliance-daily", Every: time.Hour, Run: compliance.SubmitDaily},
		cron.Task{Name: "hold-release", Every: 15 * time.Minute, Run: tickets.ReleaseExpiredHolds},
	)

	if len(args) == 2 && args[0] == "run" {
		found, err := runner.RunOnce(ctx, args[1])
		if !found {
			return fmt.Errorf("unknown task %q", args[1])
		}
		return err
	}
	logger.Info("scheduler started")
	runner.Start(ctx)
	logger.Info("scheduler stopped")
	return nil
}
