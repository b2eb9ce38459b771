package main

// Hand-written injector for the scheduled tasks; see cronSet.

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/allocation"
	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/commands"
	"github.com/vinoteca/wineclub/internal/compliance"
	"github.com/vinoteca/wineclub/internal/config"
	"github.com/vinoteca/wineclub/internal/gifting"
	"github.com/vinoteca/wineclub/internal/jobs"
	"github.com/vinoteca/wineclub/internal/platform/bus"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/metrics"
	"github.com/vinoteca/wineclub/internal/providers/messaging"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/providers/regulator"
	"github.com/vinoteca/wineclub/internal/store"
)

var cronSet = wire.NewSet(
	database.ProviderSet,
	store.ProviderSet,
	payments.ProviderSet,
	regulator.ProviderSet,
	messaging.ProviderSet,
	allocation.ProviderSet,
	billing.ProviderSet,
	gifting.ProviderSet,
	compliance.ProviderSet,
	jobs.NewRegistry,
)

func initializeTasks(cfg config.Config, log *slog.Logger) (jobs.Registry, func(), error) {
	_ = cronSet
	db, cleanup, err := database.Open(cfg)
	if err != nil {
		return nil, nil, err
	}
	reg := metrics.NewRegistry("wineclub_cron")

	members := store.NewMembers(db)
	credits := store.NewCredits(db)
	allocations := store.NewAllocations(db)
	inventory := store.NewInventory(db)
	charges := store.NewCharges(db)
	webhookEvents := store.NewWebhookEvents(db)
	shipments := store.NewShipments(db)
	gifts := store.NewGifts(db)
	submissions := store.NewSubmissions(db)
	outbox := store.NewOutbox(db)

	gateway := payments.NewGateway(payments.NewStripe(cfg), reg)
	sender := messaging.New(cfg)
	filer := regulator.New(cfg)

	allocationSvc := allocation.New(db, allocations, inventory, members, credits, log)
	billingSvc := billing.New(db, charges, allocations, members, credits, webhookEvents, outbox, gateway, sender,
		billing.Topics{Payments: cfg.PaymentsTopic, Shipments: cfg.ShipmentsTopic}, log)
	giftingSvc := gifting.New(db, gifts, members, gateway, sender, log)
	complianceSvc := compliance.New(submissions, shipments, filer, cfg.LicenseNumber, log)

	b := bus.New(bus.Logging(log), bus.Metrics(reg))
	commands.Register(b, commands.Services{
		Allocation: allocationSvc,
		Billing:    billingSvc,
		Gifting:    giftingSvc,
		Compliance: complianceSvc,
	})

	return jobs.NewRegistry(jobs.Deps{
		Bus:        b,
		Allocation: allocationSvc,
		Billing:    billingSvc,
		Gifting:    giftingSvc,
		Compliance: complianceSvc,
		Log:        log,
	}), cleanup, nil
}
