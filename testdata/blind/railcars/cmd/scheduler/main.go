// Command scheduler runs the cron jobs: nightly demurrage, monthly lease
// invoicing, autopay and the outbox relay to Kafka.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/IBM/sarama"

	"github.com/ironbridge-leasing/railcars/internal/app"
	"github.com/ironbridge-leasing/railcars/internal/config"
	"github.com/ironbridge-leasing/railcars/internal/jobs"
	"github.com/ironbridge-leasing/railcars/internal/messaging/kafka"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/provider/stripepay"
	"github.com/ironbridge-leasing/railcars/internal/repo"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

func main() {
	log := app.Logger("scheduler")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	pool, err := app.OpenDB(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	sp, err := sarama.NewSyncProducer(cfg.KafkaBrokers, kafka.Config("railcars-scheduler"))
	if err != nil {
		log.Error("kafka producer", "err", err)
		os.Exit(1)
	}
	producer := kafka.NewProducer(sp)
	defer producer.Close()

	tx := db.NewTxRunner(pool)
	demurrageSvc := service.NewDemurrageService(tx, repo.Movements{}, repo.Demurrage{}, repo.Leases{}, repo.Outbox{}, log)
	billingSvc := service.NewBillingService(service.BillingDeps{
		Tx: tx, Leases: repo.Leases{}, Schedules: repo.BillingSchedules{}, Invoices: repo.Invoices{},
		Memos: repo.CreditMemos{}, Demurrage: repo.Demurrage{}, Mileage: repo.Mileage{},
		Events: repo.Outbox{}, Log: log,
	})
	cards := stripepay.New(cfg.StripeKey)
	paymentSvc := service.NewPaymentService(service.PaymentDeps{
		Tx: tx, Payments: repo.Payments{}, Invoices: repo.Invoices{}, Customers: repo.Customers{},
		Webhooks: repo.Webhooks{}, Events: repo.Outbox{}, Cards: cards, Log: log,
		Rails: []service.Rail{service.CardRail{Gateway: cards}},
	})

	runner := jobs.NewRunner(pool, log)
	for _, j := range []jobs.Job{
		jobs.NightlyDemurrage(demurrageSvc, log),
		jobs.MonthlyInvoicing(billingSvc, log),
		jobs.Autopay(paymentSvc, log),
		jobs.OutboxRelay(tx, repo.Outbox{}, producer),
	} {
		if err := runner.Add(ctx, j); err != nil {
			log.Error("schedule job", "job", j.Name, "err", err)
			os.Exit(1)
		}
	}
	runner.Start()
	log.Info("scheduler started")
	<-ctx.Done()
	runner.Stop()
}
