// Command scheduler runs the periodic sweeps that queue worker tasks.
package main

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/app"
	"github.com/haulright/movers/internal/config"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/database"
	"github.com/haulright/movers/internal/service"
)

type sweeper struct {
	surveys  service.SurveyService
	storage  service.StorageService
	notify   service.NotificationService
	jobs     jobs.Enqueuer
	log      *slog.Logger
	rosterAt int // local hour the next day's roster goes out
	loc      *time.Location
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	logger := app.Logger("scheduler")
	db, err := database.Open(cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	repos := app.NewRepos(db)
	queue := asynq.NewClient(app.RedisOpt(cfg))
	defer queue.Close()
	enqueuer := jobs.NewEnqueuer(queue, logger)
	gateway := app.NewPayments(cfg, logger)
	texts := app.NewSMS(cfg, os.Getenv("PUBLIC_URL")+"/webhooks/sms/status")
	mailer := app.NewMailer(cfg)

	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		loc = time.UTC
	}
	s := &sweeper{
		surveys: service.NewSurveyService(db, repos.Surveys, repos.Customers, repos.Notifications,
			texts, enqueuer, cfg.SweepInterval, logger),
		storage: service.NewStorageService(db, repos.Storage, repos.Bookings, repos.Customers,
			repos.Notifications, gateway, enqueuer, logger),
		notify: service.NewNotificationService(db, repos.Notifications, repos.Bookings, repos.Customers,
			texts, mailer, enqueuer, logger),
		jobs:     enqueuer,
		log:      logger,
		rosterAt: 18,
		loc:      loc,
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	t := time.NewTicker(cfg.SweepInterval)
	defer t.Stop()
	for {
		s.tick(ctx, time.Now())
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *sweeper) tick(ctx context.Context, now time.Time) {
	if n, err := s.surveys.QueueDueReminders(ctx, now); err != nil {
		s.log.Warn("survey reminder sweep failed", "err", err)
	} else if n > 0 {
		s.log.Info("survey reminders queued", "count", n)
	}

	if n, err := s.notify.Redispatch(ctx, 5*time.Minute); err != nil {
		s.log.Warn("notification redispatch failed", "err", err)
	} else if n > 0 {
		s.log.Info("notifications redispatched", "count", n)
	}

	local := now.In(s.loc)
	if local.Day() == 1 {
		period := local.AddDate(0, -1, 0).Format("2006-01")
		if n, err := s.storage.QueueMonthlyBilling(ctx, period); err != nil {
			s.log.Warn("storage billing sweep incomplete", "period", period, "queued", n, "err", err)
		}
	}

	if local.Hour() >= s.rosterAt {
		day := local.AddDate(0, 0, 1).Format("2006-01-02")
		err := s.jobs.Enqueue(ctx, jobs.TypeCrewRoster, jobs.CrewRosterPayload{Day: day},
			asynq.TaskID(fmt.Sprintf("crew-roster-%s", day)), asynq.Queue(jobs.QueueNotify),
			asynq.Retention(36*time.Hour))
		if err != nil {
			s.log.Warn("roster not queued", "day", day, "err", err)
		}
	}
}
