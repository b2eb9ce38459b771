// Command worker runs the River workers and periodic jobs.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cedarleaf/pharmacy/internal/app"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

func main() {
	if err := run(); err != nil {
		slog.Error("worker exited", slog.Any("err", err))
		os.Exit(1)
	}
}

func run() error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := logx.New("pharmacy-worker", cfg.LogLevel)
	slog.SetDefault(log)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx = logx.WithLogger(ctx, log)

	pool, err := app.NewPool(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	if os.Getenv("SKIP_MIGRATIONS") == "" {
		if err := app.Migrate(ctx, pool); err != nil {
			return err
		}
	}

	// Services need an inserter before the River client exists; ClientRef
	// is filled in once the client is built.
	jobs := &tasks.ClientRef{}
	st := store.New(pool)
	services := app.NewServices(st, jobs, app.NewProviders(cfg), cfg)

	client, err := app.NewWorkerClient(pool, app.NewWorkers(services), cfg, log)
	if err != nil {
		return err
	}
	jobs.Set(client)

	if err := client.Start(ctx); err != nil {
		return err
	}
	log.Info("worker started")
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return client.Stop(stopCtx)
}
