// Command nightly runs the once-a-night maintenance tasks. It is started by
// a Kubernetes CronJob at 02:00 UTC; a failed run is retried by the job's
// backoff policy.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/halcyonevents/confreg/internal/config"
	"github.com/halcyonevents/confreg/internal/db"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/nightly"
	"github.com/halcyonevents/confreg/internal/platform/logging"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
	"github.com/halcyonevents/confreg/internal/providers/hotelpartner"
	"github.com/halcyonevents/confreg/internal/store"
)

func main() {
	only := flag.String("tasks", "", "comma-separated task names to run (default: all)")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(2)
	}
	log := logging.New("confreg-nightly", cfg.LogLevel)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 5})
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	if err := events.EnsureTopics(sqlDB, watermill.NewSlogLogger(log)); err != nil {
		log.Error("topics", "err", err)
		os.Exit(1)
	}

	hotels := hotelpartner.New(hotelpartner.Config{BaseURL: cfg.HotelURL, APIKey: cfg.HotelKey, Timeout: cfg.ProviderTimeout})
	rec := metrics.NewRecorder(prometheus.NewRegistry())

	tasks := []nightly.Task{
		{Name: "release-ticket-holds", Run: nightly.NewHoldReleaser(gdb, log).Run},
		{Name: "release-room-blocks", Run: nightly.NewRoomBlockReleaser(store.NewHotelRepo(gdb), hotels, log).Run},
		{Name: "bill-instalments", Run: nightly.NewInstalmentBiller(gdb, log).Run},
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	selected, err := nightly.Select(tasks, names)
	if err != nil {
		log.Error("tasks", "err", err)
		os.Exit(2)
	}
	if err := nightly.RunAll(ctx, log, rec, selected); err != nil {
		log.Error("nightly run failed", "err", err)
		os.Exit(1)
	}
}
