package app

import (
	"github.com/google/wire"

	"github.com/ironkettle/taproute/internal/consumer"
	"github.com/ironkettle/taproute/internal/httpapi"
	"github.com/ironkettle/taproute/internal/outbox"
	"github.com/ironkettle/taproute/internal/platform/natsx"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/provider/edi"
	"github.com/ironkettle/taproute/internal/provider/taxportal"
	"github.com/ironkettle/taproute/internal/service"
	"github.com/ironkettle/taproute/internal/store"
	"github.com/ironkettle/taproute/internal/tasks"
)

var storeSet = wire.NewSet(
	store.NewPool,
	store.ProvideQuerier,
	store.NewTxRunner,
	wire.Bind(new(store.TxRunner), new(*store.PoolTxRunner)),

	store.NewAccountRepo,
	wire.Bind(new(service.AccountStore), new(*store.AccountRepo)),
	store.NewProductRepo,
	wire.Bind(new(service.ProductStore), new(*store.ProductRepo)),
	store.NewOrderRepo,
	wire.Bind(new(service.OrderStore), new(*store.OrderRepo)),
	store.NewIdempotencyRepo,
	wire.Bind(new(service.IdempotencyStore), new(*store.IdempotencyRepo)),
	store.NewOutboxRepo,
	wire.Bind(new(service.OutboxStore), new(*store.OutboxRepo)),
	store.NewEDIRepo,
	wire.Bind(new(service.EDIStore), new(*store.EDIRepo)),
	store.NewDeliveryRepo,
	wire.Bind(new(service.DeliveryStore), new(*store.DeliveryRepo)),
	store.NewKegRepo,
	wire.Bind(new(service.KegStore), new(*store.KegRepo)),
	store.NewExciseRepo,
	wire.Bind(new(service.ExciseStore), new(*store.ExciseRepo)),
	store.NewInvoiceRepo,
	wire.Bind(new(service.InvoiceStore), new(*store.InvoiceRepo)),
	store.NewPaymentRepo,
	wire.Bind(new(service.PaymentStore), new(*store.PaymentRepo)),
	store.NewCleaningRepo,
	wire.Bind(new(service.CleaningStore), new(*store.CleaningRepo)),
	store.NewRebateRepo,
	wire.Bind(new(service.RebateStore), new(*store.RebateRepo)),
	store.NewInboxRepo,
)

var providerSet = wire.NewSet(
	ach.New,
	wire.Bind(new(service.ACHGateway), new(*ach.Client)),
	edi.New,
	wire.Bind(new(service.EDIPartner), new(*edi.Client)),
	taxportal.New,
	wire.Bind(new(service.TaxPortal), new(*taxportal.Client)),
)

var serviceSet = wire.NewSet(
	service.NewClock,
	service.NewAccountService,
	service.NewOrderService,
	service.NewDeliveryService,
	service.NewKegService,
	service.NewExciseService,
	service.NewInvoiceService,
	service.NewPaymentService,
	service.NewCleaningService,
	service.NewEDIService,
	service.NewRebateService,
)

var taskSet = wire.NewSet(
	tasks.NewClient,
	tasks.NewEnqueuer,
	wire.Bind(new(service.InvoiceTasks), new(*tasks.Enqueuer)),
	tasks.NewWorker,
	tasks.NewServer,
)

var natsSet = wire.NewSet(
	natsx.Connect,
	natsx.NewJetStream,
	natsx.ProvideStreamName,
	consumer.NewHandlers,
	consumer.NewRunner,
	outbox.NewRelay,
)

var httpSet = wire.NewSet(
	httpapi.NewAPI,
	httpapi.NewRouter,
	httpapi.NewServer,
)
