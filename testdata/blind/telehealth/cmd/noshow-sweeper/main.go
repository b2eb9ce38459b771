// Command noshow-sweeper detects visits whose clinician never joined and
// publishes provider.no_show events. Run it from cron, or with -loop.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/kafkax"
	"github.com/carelink/telehealth/internal/service/sessions"
	"github.com/carelink/telehealth/internal/store"
)

func main() {
	loop := flag.Bool("loop", false, "keep sweeping every SWEEP_INTERVAL instead of once")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "noshow-sweeper")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer d.Close()
	pub := kafkax.NewPublisher(cfg.KafkaBrokers, cfg.SessionTopic)
	defer pub.Close()

	sweeper := sessions.NewSweeper(store.NewAppointmentRepo(d), pub, cfg.NoShowGrace, log)
	for {
		n, err := sweeper.Sweep(ctx)
		if err != nil {
			log.Error("sweep failed", "err", err)
			if !*loop {
				os.Exit(1)
			}
		} else {
			log.Info("sweep done", "published", n)
		}
		if !*loop {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(cfg.SweepInterval):
		}
	}
}
