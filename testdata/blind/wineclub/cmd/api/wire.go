package main

// Hand-written injector. It follows the provider sets declared below in
// the order wire would resolve them; keep the two in step when adding a
// dependency.

import (
	"log/slog"
	"net/http"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/allocation"
	"github.com/vinoteca/wineclub/internal/api"
	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/commands"
	"github.com/vinoteca/wineclub/internal/compliance"
	"github.com/vinoteca/wineclub/internal/config"
	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/gifting"
	"github.com/vinoteca/wineclub/internal/membership"
	"github.com/vinoteca/wineclub/internal/platform/bus"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/metrics"
	"github.com/vinoteca/wineclub/internal/providers/ageverify"
	"github.com/vinoteca/wineclub/internal/providers/carrier"
	"github.com/vinoteca/wineclub/internal/providers/messaging"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/providers/regulator"
	"github.com/vinoteca/wineclub/internal/store"
	"github.com/vinoteca/wineclub/internal/webhooks"
)

var apiSet = wire.NewSet(
	database.ProviderSet,
	store.ProviderSet,
	payments.ProviderSet,
	carrier.ProviderSet,
	ageverify.ProviderSet,
	regulator.ProviderSet,
	messaging.ProviderSet,
	membership.ProviderSet,
	allocation.ProviderSet,
	billing.ProviderSet,
	fulfillment.ProviderSet,
	gifting.ProviderSet,
	compliance.ProviderSet,
)

type server struct {
	http *http.Server
}

func initializeServer(cfg config.Config, log *slog.Logger) (*server, func(), error) {
	_ = apiSet
	db, cleanup, err := database.Open(cfg)
	if err != nil {
		return nil, nil, err
	}
	reg := metrics.NewRegistry("wineclub_api")

	members := store.NewMembers(db)
	keys := store.NewKeys()
	credits := store.NewCredits(db)
	allocations := store.NewAllocations(db)
	inventory := store.NewInventory(db)
	charges := store.NewCharges(db)
	webhookEvents := store.NewWebhookEvents(db)
	processed := store.NewProcessed()
	shipments := store.NewShipments(db)
	gifts := store.NewGifts(db)
	submissions := store.NewSubmissions(db)
	outbox := store.NewOutbox(db)
	responses := store.NewResponseStore(db)

	gateway := payments.NewGateway(payments.NewStripe(cfg), reg)
	carrierClient := carrier.New(cfg)
	ages := ageverify.New(cfg)
	filer := regulator.New(cfg)
	sender := messaging.New(cfg)

	allocationSvc := allocation.New(db, allocations, inventory, members, credits, log)
	membershipSvc := membership.New(db, members, keys, credits, ages, gateway, allocationSvc, log)
	billingSvc := billing.New(db, charges, allocations, members, credits, webhookEvents, outbox, gateway, sender,
		billing.Topics{Payments: cfg.PaymentsTopic, Shipments: cfg.ShipmentsTopic}, log)
	fulfillmentSvc := fulfillment.New(db, shipments, allocations, members, inventory, processed, outbox,
		carrierClient, cfg.ShipmentsTopic, log)
	giftingSvc := gifting.New(db, gifts, members, gateway, sender, log)
	complianceSvc := compliance.New(submissions, shipments, filer, cfg.LicenseNumber, log)

	b := bus.New(bus.Logging(log), bus.Metrics(reg), bus.Validate())
	commands.Register(b, commands.Services{
		Membership:  membershipSvc,
		Allocation:  allocationSvc,
		Billing:     billingSvc,
		Fulfillment: fulfillmentSvc,
		Gifting:     giftingSvc,
		Compliance:  complianceSvc,
	})

	receivers := &webhooks.Receivers{
		StripeReceiver:  webhooks.NewStripe(cfg.StripeWebhookSecret, billingSvc, log),
		CarrierReceiver: webhooks.NewCarrier(cfg.CarrierWebhookSecret, fulfillmentSvc, log),
	}
	router := api.NewRouter(api.Deps{
		Bus:       b,
		Responses: responses,
		Webhooks:  receivers,
		Reads:     &api.Reads{Members: membershipSvc, Allocations: allocationSvc, Shipments: fulfillmentSvc},
		Log:       log,
	})
	srv := &server{http: &http.Server{Addr: cfg.HTTPAddr, Handler: router}}
	return srv, cleanup, nil
}
