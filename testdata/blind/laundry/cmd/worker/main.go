// Command worker runs the asynq background jobs.
package main

import (
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/freshpress/laundry/internal/app"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/jobs"
)

func main() {
	cfg := app.LoadConfig()
	log := app.NewLogger("worker")
	ctx, stop := app.SignalContext()
	defer stop()

	db, err := app.OpenGorm(ctx, cfg)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	ledgerDB, err := app.OpenLedger(ctx, cfg)
	if err != nil {
		log.Error("ledger", "err", err)
		os.Exit(1)
	}
	defer ledgerDB.Close()

	queue := app.NewAsynqClient(cfg)
	defer queue.Close()
	writer := app.NewKafkaWriter(cfg)
	defer writer.Close()

	core := app.NewCore(db, ledgerDB, log)
	loyaltySvc := app.NewLoyalty(core)
	billingSvc := app.NewBilling(core, cfg, app.NewProcessor(cfg, log), jobs.NewEnqueuer(queue), loyaltySvc)

	h := &jobs.Handlers{
		Billing: billingSvc,
		Loyalty: loyaltySvc,
		Reminders: &jobs.Reminders{
			Orders:    core.Repos.Orders,
			Customers: core.Repos.Customers,
			Push:      app.NewPush(cfg),
			Lead:      time.Hour,
		},
		Relay: &jobs.OutboxRelay{
			UoW:       core.UoW,
			Publisher: events.NewKafkaPublisher(writer),
			Batch:     100,
		},
		Log: log,
	}

	srv := asynq.NewServer(app.RedisOpt(cfg), asynq.Config{
		Concurrency: cfg.WorkerPoolSize,
		Queues: map[string]int{
			jobs.QueuePayments: 6,
			jobs.QueueDefault:  3,
			jobs.QueueLow:      1,
		},
		ShutdownTimeout: 20 * time.Second,
	})
	go func() {
		<-ctx.Done()
		srv.Shutdown()
	}()
	if err := srv.Run(h.Mux()); err != nil {
		log.Error("worker", "err", err)
		os.Exit(1)
	}
}
