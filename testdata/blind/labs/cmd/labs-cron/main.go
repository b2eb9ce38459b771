// Command labs-cron runs one scheduled task and exits:
//
//	labs-cron statements
//	labs-cron claim-builds
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/meridianlabs/labs/internal/config"
	"github.com/meridianlabs/labs/internal/cron"
	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/service/billing"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "labs-cron")
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: labs-cron <task>")
		os.Exit(2)
	}
	if err := run(logger, os.Args[1]); err != nil {
		logger.Error("task failed", "task", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger, task string) error {
	cfg := config.FromEnv()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 50*time.Minute)
	defer cancel()

	conn, err := db.Open(ctx, db.Config{DSN: cfg.DatabaseURL, MaxOpenConns: 5})
	if err != nil {
		return err
	}
	defer conn.Close()

	tasks := cron.New(cron.Deps{
		Billing: billing.New(billing.Deps{
			DB:     conn,
			Queue:  jobs.NewQueue(conn),
			Lab:    billing.Lab{NPI: cfg.LabNPI, TaxID: cfg.LabTaxID},
			Logger: logger,
		}),
		Now: time.Now,
		Log: logger.With("task", task),
	})
	return tasks.Run(ctx, task)
}
