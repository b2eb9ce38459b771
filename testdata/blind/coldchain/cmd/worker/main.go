// Command worker runs the River job workers: truck tenders, customs
// filings, alerts, invoice emails, autopay, claim refunds and payouts.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/frostline/coldchain/internal/jobs"
	"github.com/frostline/coldchain/internal/platform"
)

//go:generate go run -mod=mod github.com/google/wire/cmd/wire

// WorkerClient is the River client that works jobs. It is a distinct type
// from the insert-only client the services use to enqueue follow-ups.
type WorkerClient struct {
	*river.Client[pgx.Tx]
}

func provideWorkerClient(pool *pgxpool.Pool, deps jobs.Deps, log *slog.Logger) (*WorkerClient, error) {
	workers := river.NewWorkers()
	jobs.Register(workers, deps)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:      jobs.Queues(),
		Workers:     workers,
		Logger:      log,
		MaxAttempts: 15,
		JobTimeout:  2 * time.Minute,
	})
	if err != nil {
		return nil, err
	}
	return &WorkerClient{Client: client}, nil
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := platform.LoadConfig()
	if err != nil {
		return err
	}
	client, cleanup, err := initializeWorker(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer cleanup()

	if err := client.Start(ctx); err != nil {
		return err
	}
	log.Info("worker started")
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return client.Stop(stopCtx)
}
