package main

// Hand-written injector for the consumer; see consumerSet.

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/config"
	"github.com/vinoteca/wineclub/internal/consumer"
	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/metrics"
	"github.com/vinoteca/wineclub/internal/providers/carrier"
	"github.com/vinoteca/wineclub/internal/providers/messaging"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/store"
)

var consumerSet = wire.NewSet(
	database.ProviderSet,
	store.ProviderSet,
	payments.ProviderSet,
	carrier.ProviderSet,
	messaging.ProviderSet,
	billing.ProviderSet,
	fulfillment.ProviderSet,
	consumer.NewTable,
	consumer.NewRunner,
)

func initializeRunner(cfg config.Config, log *slog.Logger) (*consumer.Runner, func(), error) {
	_ = consumerSet
	db, cleanup, err := database.Open(cfg)
	if err != nil {
		return nil, nil, err
	}
	reg := metrics.NewRegistry("wineclub_consumer")

	members := store.NewMembers(db)
	credits := store.NewCredits(db)
	allocations := store.NewAllocations(db)
	inventory := store.NewInventory(db)
	charges := store.NewCharges(db)
	webhookEvents := store.NewWebhookEvents(db)
	processed := store.NewProcessed()
	shipments := store.NewShipments(db)
	outbox := store.NewOutbox(db)

	gateway := payments.NewGateway(payments.NewStripe(cfg), reg)
	sender := messaging.New(cfg)
	carrierClient := carrier.New(cfg)

	billingSvc := billing.New(db, charges, allocations, members, credits, webhookEvents, outbox, gateway, sender,
		billing.Topics{Payments: cfg.PaymentsTopic, Shipments: cfg.ShipmentsTopic}, log)
	fulfillmentSvc := fulfillment.New(db, shipments, allocations, members, inventory, processed, outbox,
		carrierClient, cfg.ShipmentsTopic, log)

	table := consumer.NewTable(consumer.Deps{
		DB:          db,
		Processed:   processed,
		Billing:     billingSvc,
		Fulfillment: fulfillmentSvc,
	})
	runner := consumer.NewRunner(cfg.KafkaBrokers, cfg.KafkaGroupID,
		[]string{cfg.PaymentsTopic, cfg.ShipmentsTopic}, table, log, reg)
	return runner, cleanup, nil
}
