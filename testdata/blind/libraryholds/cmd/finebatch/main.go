// Command finebatch runs the nightly fine assessment for one date. The
// Kubernetes CronJob starts it at 02:30 and restarts it on failure
// (backoffLimit 3); on-call reruns it by hand for a missed date.
package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/shelfwise-labs/branchline/internal/app"
	"github.com/shelfwise-labs/branchline/internal/batch"
	"github.com/shelfwise-labs/branchline/internal/config"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/store"
)

func main() {
	dateFlag := flag.String("date", "", "run date (YYYY-MM-DD); defaults to today in UTC")
	flag.Parse()

	log := app.ProvideLogger()
	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	runDate := time.Now().UTC()
	if *dateFlag != "" {
		if runDate, err = time.Parse(time.DateOnly, *dateFlag); err != nil {
			log.Error("bad -date", "err", err)
			os.Exit(2)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, closeDB, err := app.ProvideDB(ctx, cfg)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer closeDB()
	st := store.New(db)
	tasksClient, closeTasks := app.ProvideAsynqClient(cfg)
	defer closeTasks()

	patrons := store.NewPatronRepository(db)
	fineSvc := app.ProvideFineService(cfg, st,
		store.NewFineRepository(db),
		store.NewPaymentRepository(db),
		patrons,
		store.NewLedgerRepository(),
		store.NewOutboxRepository(db),
		app.ProvideStripe(cfg),
		log,
	)

	runner := &batch.Runner{
		Loans:               store.NewLoanRepository(db),
		Holds:               store.NewHoldRepository(db),
		Patrons:             patrons,
		Runs:                store.NewBatchRunRepository(db),
		Fines:               fineSvc,
		Tasks:               tasksClient,
		Log:                 log,
		NewRunID:            ids.UUID(),
		Now:                 clock.System(),
		LostAfter:           cfg.LostAfter,
		AutopayMinimumCents: cfg.AutopayMinimumCents,
		MaxLoanErrors:       50,
	}
	stats, err := runner.Run(ctx, runDate)
	if err != nil {
		log.Error("nightly run failed", "date", runDate.Format(time.DateOnly), "err", err, "stats", stats)
		os.Exit(1)
	}
	log.Info("nightly run done", "date", runDate.Format(time.DateOnly), "stats", stats)
}
