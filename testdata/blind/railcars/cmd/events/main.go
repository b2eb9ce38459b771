// Command events consumes internal domain events from Kafka and runs the
// follow-up work: billing schedules, notifications, rent abatement and
// mileage credits.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/IBM/sarama"

	"github.com/ironbridge-leasing/railcars/internal/app"
	"github.com/ironbridge-leasing/railcars/internal/config"
	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/messaging/kafka"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/provider/shopnet"
	"github.com/ironbridge-leasing/railcars/internal/repo"
	"github.com/ironbridge-leasing/railcars/internal/service"
	"github.com/ironbridge-leasing/railcars/internal/workers"
)

func main() {
	log := app.Logger("events")
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

	tx := db.NewTxRunner(pool)
	leaseSvc := service.NewLeaseService(service.LeaseDeps{
		Tx: tx, Leases: repo.Leases{}, Cars: repo.Cars{}, Customers: repo.Customers{},
		Schedules: repo.BillingSchedules{}, Keys: repo.IdempotencyKeys{}, Events: repo.Outbox{},
	})
	billingSvc := service.NewBillingService(service.BillingDeps{
		Tx: tx, Leases: repo.Leases{}, Schedules: repo.BillingSchedules{}, Invoices: repo.Invoices{},
		Memos: repo.CreditMemos{}, Demurrage: repo.Demurrage{}, Mileage: repo.Mileage{},
		Events: repo.Outbox{}, Log: log,
	})
	maintenanceSvc := service.NewMaintenanceService(service.MaintenanceDeps{
		Tx: tx, Orders: repo.WorkOrders{}, Cars: repo.Cars{}, Leases: repo.Leases{},
		Events: repo.Outbox{}, Network: shopnet.New(cfg.ShopNetURL, cfg.ShopNetKey),
		Rent: leaseSvc, Log: log,
	})
	notifySvc := service.NewNotificationService(tx, repo.Notifications{}, repo.Customers{},
		repo.Invoices{}, repo.Movements{}, app.Notifier(cfg), log)

	router := workers.NewEventRouter(workers.EventHandlers{
		HandleLeaseActivated:     leaseSvc.HandleLeaseActivated,
		HandleInvoiceIssued:      notifySvc.InvoiceIssued,
		HandlePaymentReceived:    notifySvc.PaymentReceived,
		HandleDemurrageAssessed:  notifySvc.DemurrageAssessed,
		HandleWorkOrderCompleted: maintenanceSvc.HandleWorkOrderCompleted,
		HandleMileageReported:    billingSvc.HandleMileageReported,
		HandleCarPlaced:          notifySvc.CarPlaced,
	}, log)

	group, err := sarama.NewConsumerGroup(cfg.KafkaBrokers, cfg.KafkaGroup, kafka.Config("railcars-events"))
	if err != nil {
		log.Error("kafka consumer group", "err", err)
		os.Exit(1)
	}
	defer group.Close()
	go func() {
		for err := range group.Errors() {
			log.Error("kafka", "err", err)
		}
	}()
	log.Info("consuming domain events", "group", cfg.KafkaGroup)
	if err := kafka.Consume(ctx, group, []string{domain.TopicDomainEvents}, router, log); err != nil {
		log.Error("consume", "err", err)
		os.Exit(1)
	}
}
