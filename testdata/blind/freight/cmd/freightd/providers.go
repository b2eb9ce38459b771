// Provider sets for google/wire. The injector is in wire.go; run `go generate`
// after changing them.
package main

import (
	"github.com/google/wire"

	"github.com/acme/freight/internal/app/docking"
	"github.com/acme/freight/internal/app/invoicing"
	"github.com/acme/freight/internal/app/labeling"
	"github.com/acme/freight/internal/app/shipping"
	"github.com/acme/freight/internal/app/tracking"
	"github.com/acme/freight/internal/billing"
	"github.com/acme/freight/internal/carrier/parcelco"
	"github.com/acme/freight/internal/carrier/swiftfreight"
	"github.com/acme/freight/internal/httpx"
	"github.com/acme/freight/internal/jobs"
	"github.com/acme/freight/internal/messaging/sqsx"
	"github.com/acme/freight/internal/notify"
	"github.com/acme/freight/internal/platform/database"
	"github.com/acme/freight/internal/platform/txm"
	"github.com/acme/freight/internal/store/bunstore"
	"github.com/acme/freight/internal/store/pgstore"
	"github.com/acme/freight/internal/transport/rest"
	"github.com/acme/freight/internal/workers"
)

var platformSet = wire.NewSet(
	database.NewPool,
	database.NewBun,
	txm.New,
)

var storeSet = wire.NewSet(
	pgstore.NewShipments,
	pgstore.NewIdempotencyKeys,
	pgstore.NewLabels,
	pgstore.NewTracking,
	pgstore.NewBilling,
	bunstore.NewDocks,
	bunstore.NewInbox,
	bunstore.NewWebhookEndpoints,
	provideChargeRepo,
)

var externalSet = wire.NewSet(
	provideParcelCo,
	provideSwiftFreight,
	provideStripe,
	provideSQS,
	provideAMQP,
	provideDockPublisher,
	jobs.NewEnqueuer,
	notify.NewSender,
)

var appSet = wire.NewSet(
	shipping.NewService,
	labeling.NewService,
	docking.NewService,
	tracking.NewService,
	invoicing.NewService,
)

var transportSet = wire.NewSet(
	rest.NewShipmentHandlers,
	rest.NewLabelHandlers,
	rest.NewDockHandlers,
	rest.NewBillingHandlers,
	rest.NewRouter,
	provideHTTPServer,
)

var runtimeSet = wire.NewSet(
	provideConsumers,
	provideSQSWorkers,
	workers.NewSet,
	workers.NewClient,
	newApp,
)

// providerSet is everything freightd needs, plus the bindings of concrete
// implementations to the interfaces declared by the consuming packages.
var providerSet = wire.NewSet(
	platformSet,
	storeSet,
	externalSet,
	appSet,
	transportSet,
	runtimeSet,

	wire.Bind(new(jobs.Enqueuer), new(*jobs.RiverEnqueuer)),
	wire.Bind(new(shipping.TxManager), new(*txm.Manager)),
	wire.Bind(new(shipping.ShipmentStore), new(*pgstore.Shipments)),
	wire.Bind(new(shipping.IdempotencyStore), new(*pgstore.IdempotencyKeys)),
	wire.Bind(new(shipping.DockReleaser), new(*bunstore.Docks)),
	wire.Bind(new(shipping.Refunder), new(*billing.StripeGateway)),
	wire.Bind(new(labeling.TxManager), new(*txm.Manager)),
	wire.Bind(new(labeling.LabelStore), new(*pgstore.Labels)),
	wire.Bind(new(labeling.ShipmentStore), new(*pgstore.Shipments)),
	wire.Bind(new(labeling.ParcelCarrier), new(*parcelco.Client)),
	wire.Bind(new(labeling.SwiftCarrier), new(*swiftfreight.Client)),
	wire.Bind(new(docking.Store), new(*bunstore.Docks)),
	wire.Bind(new(tracking.TxManager), new(*txm.Manager)),
	wire.Bind(new(tracking.LabelFinder), new(*pgstore.Labels)),
	wire.Bind(new(tracking.ShipmentWriter), new(*pgstore.Shipments)),
	wire.Bind(new(tracking.EventStore), new(*pgstore.Tracking)),
	wire.Bind(new(tracking.Inbox), new(*bunstore.Inbox)),
	wire.Bind(new(invoicing.TxManager), new(*txm.Manager)),
	wire.Bind(new(invoicing.Store), new(*pgstore.Billing)),
	wire.Bind(new(invoicing.Shipments), new(*pgstore.Shipments)),
	wire.Bind(new(invoicing.Gateway), new(*billing.StripeGateway)),
	wire.Bind(new(invoicing.ChargeStore), new(*bunstore.Repo[bunstore.AccessorialCharge])),
	wire.Bind(new(httpx.ResponseStore), new(*pgstore.IdempotencyKeys)),
	wire.Bind(new(rest.DockRequestPublisher), new(*sqsx.Publisher)),
	wire.Bind(new(rest.StripeEventHandler), new(*invoicing.Service)),
	wire.Bind(new(rest.EndpointRegistry), new(*bunstore.WebhookEndpoints)),
	wire.Bind(new(workers.ShipmentReader), new(*pgstore.Shipments)),
	wire.Bind(new(workers.EndpointLister), new(*bunstore.WebhookEndpoints)),
	wire.Bind(new(workers.Outbox), new(*pgstore.Billing)),
	wire.Bind(new(workers.WebhookSender), new(*notify.Sender)),
)
