// Command worker runs the asynq task server, the periodic scheduler and the
// flight disruption consumer.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/config"
	"github.com/aerolounge/loungepass/internal/events"
	"github.com/aerolounge/loungepass/internal/provider/airline"
	"github.com/aerolounge/loungepass/internal/provider/httpx"
	"github.com/aerolounge/loungepass/internal/provider/notify"
	"github.com/aerolounge/loungepass/internal/provider/payments"
	"github.com/aerolounge/loungepass/internal/provider/sms"
	"github.com/aerolounge/loungepass/internal/repository"
	"github.com/aerolounge/loungepass/internal/service"
	"github.com/aerolounge/loungepass/internal/tasks"
	"github.com/aerolounge/loungepass/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := repository.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
	asynqClient := asynq.NewClient(redis)
	defer asynqClient.Close()
	queue := tasks.NewEnqueuer(asynqClient)

	// Providers.
	hc := httpx.NewClient(cfg.ProviderTimeout)
	stripeClient := payments.NewClient(cfg.StripeSecretKey)
	airlineBilling := airline.NewClient(hc, cfg.AirlineClientID, cfg.AirlineClientSecret)
	mailer := notify.NewClient(hc, cfg.NotifyBaseURL, cfg.NotifyAPIKey)
	texts := sms.NewClient(hc, cfg.SMSBaseURL, cfg.SMSAccount, cfg.SMSToken, cfg.SMSFrom)
	producer := events.NewKafkaProducer(cfg.KafkaBrokers, cfg.VisitsTopic)
	defer producer.Close()

	// Repositories.
	members := repository.NewMemberRepo(db)
	catalog := repository.NewCatalogRepo(db)
	memberships := repository.NewMembershipRepo(db)
	dayPasses := repository.NewDayPassRepo(db)
	refunds := repository.NewRefundRepo(db)
	visits := repository.NewVisitRepo(db)
	outbox := repository.NewOutboxRepo(db)
	guestPasses := repository.NewGuestPassRepo(db)
	transfers := repository.NewTransferRepo(db)
	invoices := repository.NewInvoiceRepo(db)
	partners := repository.NewPartnerRepo(db)
	notifications := repository.NewNotificationRepo(db)

	newID := uuid.New
	now := func() time.Time { return time.Now().UTC() }

	dayPassSvc := service.NewDayPassService(members, dayPasses, refunds, catalog, stripeClient, queue, now, log)
	handlers := worker.NewHandlers(worker.Deps{
		Invoicing: service.NewInvoicingService(partners, invoices, visits, airlineBilling, queue, newID, now, log),
		DayPasses: dayPassSvc,
		Loyalty:   service.NewLoyaltyService(catalog, visits, outbox, producer, queue, now, log),
		Guests: service.NewGuestService(members, memberships, catalog, visits, guestPasses, transfers,
			stripeClient, queue, newID, now, log),
		Notifications: service.NewNotificationService(notifications, transfers, mailer, texts, newID, now, log),
		Renewals:      service.NewRenewalService(memberships, stripeClient, newID, now, log),
		Log:           log,
	})

	mux := asynq.NewServeMux()
	handlers.Register(mux)

	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueBulk:     1,
		},
		ShutdownTimeout: 25 * time.Second,
	})
	if err := srv.Start(mux); err != nil {
		return err
	}
	defer srv.Shutdown()

	scheduler := asynq.NewScheduler(redis, &asynq.SchedulerOpts{Location: time.UTC})
	for _, p := range worker.Schedule() {
		if _, err := scheduler.Register(p.Cron, tasks.NewPeriodic(p.TaskType), p.Opts...); err != nil {
			return err
		}
	}
	if err := scheduler.Start(); err != nil {
		return err
	}
	defer scheduler.Shutdown()

	consumer := worker.NewDisruptionConsumer(cfg.KafkaBrokers, cfg.DisruptionsTopic, cfg.DisruptionsGroup, dayPassSvc, log)
	errc := make(chan error, 1)
	go func() { errc <- consumer.Run(ctx) }()

	log.Info("worker started", "concurrency", cfg.WorkerConcurrency)
	select {
	case <-ctx.Done():
		return nil
	case err := <-errc:
		return err
	}
}
