// Command reminder-worker runs the job queue (reminders, visit links,
// follow-up e-mail), the reminder scheduler and the outbox relay.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/jobs"
	"github.com/carelink/telehealth/internal/platform/retry"
	"github.com/carelink/telehealth/internal/providers/email"
	"github.com/carelink/telehealth/internal/providers/sms"
	"github.com/carelink/telehealth/internal/service/reminders"
	"github.com/carelink/telehealth/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "reminder-worker")
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

	appts := store.NewAppointmentRepo(d)
	handlers := reminders.NewHandlers(
		appts,
		store.NewPeopleRepo(d),
		store.NewNotificationRepo(d),
		store.NewReminderLog(d),
		sms.NewClient(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom, retry.Provider),
		email.NewClient(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom, retry.Provider),
		cfg.PublicBaseURL,
		log,
	)
	runner := jobs.NewRunner(d, handlers.Registry(),
		jobs.WithConcurrency(cfg.WorkerConcurrency),
		jobs.WithPoll(cfg.WorkerPoll),
		jobs.WithLogger(log),
	)
	scheduler := reminders.NewScheduler(appts, jobs.NewQueue(d), log)
	relay := reminders.NewOutboxRelay(d, store.NewOutboxRepo(d), log)

	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		_ = runner.Run(ctx)
	}()
	go func() {
		defer wg.Done()
		every(ctx, time.Minute, func(ctx context.Context) error { return scheduler.Tick(ctx) }, log, "scheduler")
	}()
	go func() {
		defer wg.Done()
		every(ctx, 5*time.Second, func(ctx context.Context) error {
			_, err := relay.Relay(ctx)
			return err
		}, log, "outbox")
	}()
	log.Info("worker started", "concurrency", cfg.WorkerConcurrency)
	wg.Wait()
}

func every(ctx context.Context, d time.Duration, fn func(context.Context) error, log *slog.Logger, name string) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		if err := fn(ctx); err != nil && ctx.Err() == nil {
			log.Error("periodic task failed", "task", name, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
