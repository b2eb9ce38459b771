// Command cron runs one scheduled job and exits: storage billing or
// reservation expiry.
package main

import (
	"context"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/depotworks/depot/internal/config"
	"github.com/depotworks/depot/internal/jobs"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/psp"
	"github.com/depotworks/depot/internal/service"
	"github.com/depotworks/depot/internal/store"
)

func main() {
	job := flag.String("job", "", "job to run")
	period := flag.String("period", "", "billing period YYYY-MM (storage-billing)")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	log := cfg.Logger().With("job", *job)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, cfg.DatabaseURL, db.Options{MaxOpenConns: 4})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	clk := clock.System{}
	ids := idgen.UUID{}
	repos := store.New(conn, store.WithClock(clk), store.WithIDGen(ids))
	common := []service.Option{service.WithClock(clk), service.WithIDGen(ids), service.WithLogger(log)}

	charger := psp.New(cfg.PSPURL, cfg.PSPSecret,
		psp.WithHTTPClient(&http.Client{Timeout: 30 * time.Second}),
		psp.WithBackOff(func() backoff.BackOff {
			return backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5)
		}),
	)
	registry := jobs.Build(
		service.NewBillingService(repos, charger, cfg.Currency, common),
		service.NewOrderService(repos, common...),
		clk, log,
	)
	start := time.Now()
	if err := registry.Run(ctx, *job, jobs.Args{Period: *period, Now: clk.Now()}); err != nil {
		log.Error("job failed", "err", err, "took", time.Since(start))
		os.Exit(1)
	}
	log.Info("job finished", "took", time.Since(start))
}
