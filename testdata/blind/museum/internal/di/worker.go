package di

import (
	"github.com/google/wire"

	"github.com/northgate-museums/visitor-platform/internal/consumers"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/pubsub"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

// ConsumerSet provides the Kafka consumers and their router.
var ConsumerSet = wire.NewSet(
	PlatformSet,
	StoreSet,
	ProviderSet,
	pubsub.NewLogger,
	pubsub.New,
	wire.FieldsOf(new(*pubsub.PubSub), "Publisher", "Subscriber"),
	consumers.NewTicketIssuer,
	consumers.NewAdmissionRecorder,
	consumers.NewWelcomePackSender,
	consumers.NewTaxReceiptIssuer,
	consumers.NewShipmentCreator,
	consumers.NewDispatchCapturer,
	consumers.NewReturnsProcessor,
	consumers.NewRefundSubmitter,
	consumers.NewGroupPackMailer,
	wire.Struct(new(consumers.Set), "*"),
	consumers.Registrations,
	consumers.NewRouter,
	outbox.NewRelay,
	wire.Bind(new(consumers.Notifier), new(*notify.Notifier)),
	wire.Bind(new(consumers.PartnerOrders), new(*fulfilment.Client)),
	wire.Bind(new(consumers.Capturer), new(*payments.Client)),
	wire.Bind(new(consumers.Refunder), new(*payments.Client)),
	wire.Bind(new(consumers.Outbox), new(*outbox.Writer)),
)
