// Command worker runs the asynq task handlers and the cron scheduler.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/keystonebail/bondline/internal/app"
	"github.com/keystonebail/bondline/internal/checkins"
	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/config"
	"github.com/keystonebail/bondline/internal/courts"
	"github.com/keystonebail/bondline/internal/jobs"
	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/notify"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/platform/outbox"
	"github.com/keystonebail/bondline/internal/premiums"
	"github.com/keystonebail/bondline/internal/providers/mailer"
	"github.com/keystonebail/bondline/internal/providers/sms"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
	"github.com/keystonebail/bondline/internal/store/postgres"
	"github.com/keystonebail/bondline/internal/surety"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	if err := run(); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}

	c := &app.Container{Config: cfg, DB: db}
	c.OnClose(db.Close)
	defer c.Close()

	redisOpt := asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPass}
	c.Queue = asynq.NewClient(redisOpt)
	c.OnClose(c.Queue.Close)

	stripeClient := stripepay.New(cfg.StripeSecretKey, stripepay.WithStatementDescriptorSuffix("KEYSTONE BAIL"))
	textRelay := sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey,
		sms.WithSender(cfg.SMSFrom),
		sms.WithRetry(4, 500*time.Millisecond),
	)
	postbox := mailer.New(cfg.MailBaseURL, cfg.MailAPIKey, mailer.WithFrom(cfg.MailFrom))
	granite := suretyapi.New(cfg.SuretyBaseURL, cfg.SuretyAPIKey, cfg.SuretyAgencyCode,
		suretyapi.WithAttempts(4),
	)

	ledgerRepo := postgres.Ledger{}

	c.Premiums = premiums.NewService(premiums.Deps{
		DB:       db,
		Payments: postgres.Payments{},
		Plans:    postgres.Plans{},
		Ledger:   ledgerRepo,
		Events:   postgres.ProcessedEvents{},
		Charger:  stripeClient,
		Receipts: notify.Receipts{Mail: postbox, PortalURL: "https://portal.keystonebail.example"},
	})
	coll := collateral.NewService(db,
		postgres.Deposits{}, postgres.Refunds{}, postgres.CollateralBonds{},
		ledgerRepo, stripeClient, outbox.Add,
	)
	coll.RefundFee = func(d collateral.Deposit) int64 {
		if d.Kind != collateral.KindCard {
			return 0
		}
		return d.AmountCents * 3 / 100 // card processing cost is not returned
	}
	c.Collateral = coll
	c.Reminders = courts.NewReminderService(db,
		postgres.CourtDates{}, postgres.Reminders{}, c.Queue, textRelay, cfg.Location, 7, 2, 1,
	)
	c.Forfeitures = courts.NewForfeitureService(db,
		postgres.Notices{}, postgres.ForfeitureBonds{}, granite, textRelay, outbox.Add,
	)
	c.Checkins = checkins.NewService(db,
		postgres.Checkins{}, postgres.Indemnitors{}, postgres.Escalations{}, c.Queue,
	)
	c.Surety = surety.NewService(surety.Options{
		DB:          db,
		Bonds:       postgres.Bonds{},
		Ledger:      ledgerRepo,
		Events:      postgres.ProcessedEvents{},
		Runs:        postgres.ReconRuns{},
		Submissions: postgres.Submissions{},
		API:         granite,
		Location:    cfg.Location,
	})
	c.Outbox = outbox.Store{}

	srv := asynq.NewServer(redisOpt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues:      map[string]int{"critical": 6, "default": 3, "sms": 2},
	})
	scheduler := asynq.NewScheduler(redisOpt, &asynq.SchedulerOpts{Location: cfg.Location})
	for _, p := range tasks.Schedule {
		if _, err := scheduler.Register(p.Cron, asynq.NewTask(p.Type, nil), p.Options...); err != nil {
			return err
		}
	}

	if err := scheduler.Start(); err != nil {
		return err
	}
	defer scheduler.Shutdown()
	if err := srv.Start(jobs.NewMux(c)); err != nil {
		return err
	}
	<-ctx.Done()
	srv.Shutdown()
	return nil
}
