// Command worker runs the asynq task handlers.
package main

import (
	"log"
	"os"

	"github.com/hibiken/asynq"

	"github.com/haulright/movers/internal/app"
	"github.com/haulright/movers/internal/config"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/database"
	"github.com/haulright/movers/internal/service"
	"github.com/haulright/movers/internal/worker"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	logger := app.Logger("worker")

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

	services := worker.Services{
		Notify: service.NewNotificationService(db, repos.Notifications, repos.Bookings, repos.Customers,
			texts, mailer, enqueuer, logger),
		Surveys: service.NewSurveyService(db, repos.Surveys, repos.Customers, repos.Notifications,
			texts, enqueuer, cfg.SweepInterval, logger),
		Invoices: service.NewInvoiceService(db, repos.Invoices, repos.Bookings, repos.Customers,
			repos.Payments, repos.Trucks, mailer, enqueuer, logger),
		Claims: service.NewClaimService(db, repos.Claims, repos.Bookings, repos.Customers,
			repos.Notifications, gateway, enqueuer, logger),
		Storage: service.NewStorageService(db, repos.Storage, repos.Bookings, repos.Customers,
			repos.Notifications, gateway, enqueuer, logger),
		Crew: service.NewCrewService(db, repos.Crew, repos.Bookings, texts, logger),
	}

	srv := asynq.NewServer(app.RedisOpt(cfg), asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			jobs.QueuePayments: 5,
			jobs.QueueNotify:   3,
			jobs.QueueDefault:  2,
		},
		Logger: nil,
	})
	if err := srv.Run(worker.NewMux(worker.Table(services), logger)); err != nil {
		log.Fatal(err)
	}
}
