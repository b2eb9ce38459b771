// Command worker runs the river job workers: court submission and e-service,
// process-server booking, docket fan-out, notifications and fee settlement.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/docketly/efile/internal/config"
	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/jobs/registry"
	"github.com/docketly/efile/internal/jobs/workers"
	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	a, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	if err := a.river.Start(ctx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}
	a.log.Info("workers started", "kinds", a.kinds)

	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	if err := a.river.Stop(stopCtx); err != nil {
		a.log.Warn("graceful stop timed out; cancelling running jobs", "err", err)
		return a.river.StopAndCancel(context.Background())
	}
	return nil
}

type app struct {
	river *river.Client[pgx.Tx]
	kinds []string
	log   *slog.Logger
}

// lateInserter lets workers enqueue follow-up jobs through the client that
// runs them, which only exists once the workers are registered.
type lateInserter struct {
	jobs.Inserter
}

func newLateInserter() *lateInserter { return &lateInserter{} }

func newWorkerTable(
	st *store.Store,
	gw service.CourtGateway,
	ps service.ProcessServers,
	fees service.FeeProcessor,
	mailer service.Mailer,
	texter service.Texter,
	urls service.DocumentURLs,
	late *lateInserter,
	log *slog.Logger,
) registry.Table {
	return workers.Table(workers.Deps{
		Store:   st,
		Gateway: gw,
		Servers: ps,
		Fees:    fees,
		Mailer:  mailer,
		Texter:  texter,
		URLs:    urls,
		Notify:  notify.NewQueue(late),
		Log:     log,
	})
}

func newApp(cfg *config.Config, pool *pgxpool.Pool, table registry.Table, late *lateInserter, log *slog.Logger) (*app, error) {
	ws := river.NewWorkers()
	if err := table.Register(ws); err != nil {
		return nil, err
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: table.Queues(cfg.WorkerConcurrency, map[string]int{
			jobs.QueueCourt: 4,
			jobs.QueueFees:  2,
		}),
		Workers: ws,
		Logger:  log,
	})
	if err != nil {
		return nil, err
	}
	late.Inserter = client
	return &app{river: client, kinds: table.Kinds(), log: log}, nil
}
