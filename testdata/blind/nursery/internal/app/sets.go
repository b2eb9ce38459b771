package app

import (
	"github.com/google/wire"

	"github.com/acornlane-childcare/nursery/internal/consumer"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/httpapi"
	"github.com/acornlane-childcare/nursery/internal/notify"
	"github.com/acornlane-childcare/nursery/internal/platform/idem"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/council"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
	"github.com/acornlane-childcare/nursery/internal/provider/email"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
	"github.com/acornlane-childcare/nursery/internal/service/billing"
	"github.com/acornlane-childcare/nursery/internal/service/booking"
	"github.com/acornlane-childcare/nursery/internal/service/collections"
	"github.com/acornlane-childcare/nursery/internal/service/enrolment"
	"github.com/acornlane-childcare/nursery/internal/service/family"
	"github.com/acornlane-childcare/nursery/internal/service/funding"
	"github.com/acornlane-childcare/nursery/internal/service/mandates"
	"github.com/acornlane-childcare/nursery/internal/service/messaging"
	"github.com/acornlane-childcare/nursery/internal/service/ratio"
)

// InfraSet provides logging, the pool, queries, transactions and the outbox.
var InfraSet = wire.NewSet(
	ProvideLogger,
	ProvideWatermillLogger,
	ProvidePool,
	ProvideQueries,
	pgtx.NewManager,
	wire.Bind(new(pgtx.Transactor), new(*pgtx.Manager)),
	events.NewOutbox,
	wire.Bind(new(events.Publisher), new(*events.Outbox)),
)

// ClientSet provides the third-party clients and the notify helpers.
var ClientSet = wire.NewSet(
	ProvideDirectDebit,
	ProvideSMS,
	ProvideEmail,
	ProvideCouncil,
	notify.NewTexter,
	wire.Bind(new(notify.SMSSender), new(*sms.Client)),
	notify.NewMailer,
	wire.Bind(new(notify.EmailSender), new(*email.Client)),
)

// ServiceSet provides the domain services.
var ServiceSet = wire.NewSet(
	ProvideFamilyRepo,
	ProvideChildRepo,
	ProvideReadingRepo,
	family.NewService,
	enrolment.NewService,
	wire.Bind(new(enrolment.Mailer), new(*notify.Mailer)),
	wire.Value(booking.Options{}),
	booking.NewService,
	wire.Bind(new(booking.Texter), new(*notify.Texter)),
	billing.NewService,
	mandates.NewService,
	wire.Bind(new(mandates.Partner), new(*directdebit.Client)),
	ProvideCollectionsConfig,
	collections.NewService,
	collections.NewNotifier,
	collections.NewEventLog,
	wire.Bind(new(collections.Partner), new(*directdebit.Client)),
	wire.Bind(new(collections.Texter), new(*notify.Texter)),
	funding.NewService,
	wire.Bind(new(funding.Portal), new(*council.Client)),
	messaging.NewService,
	wire.Bind(new(messaging.SMSGateway), new(*sms.Client)),
	wire.Bind(new(messaging.EmailRelay), new(*email.Client)),
	ratio.NewService,
	wire.Bind(new(ratio.Mailer), new(*notify.Mailer)),
	wire.Bind(new(ratio.Texter), new(*notify.Texter)),
)

// HTTPSet provides the gin handlers and router.
var HTTPSet = wire.NewSet(
	ProvideWebhookSecret,
	httpapi.NewFamilyHandler,
	wire.Bind(new(httpapi.FamilyService), new(*family.Service)),
	wire.Bind(new(httpapi.EnrolmentService), new(*enrolment.Service)),
	httpapi.NewBookingHandler,
	wire.Bind(new(httpapi.BookingService), new(*booking.Service)),
	httpapi.NewBillingHandler,
	wire.Bind(new(httpapi.MandateService), new(*mandates.Service)),
	wire.Bind(new(httpapi.CreditService), new(*billing.Service)),
	httpapi.NewFundingHandler,
	wire.Bind(new(httpapi.FundingService), new(*funding.Service)),
	httpapi.NewMessageHandler,
	wire.Bind(new(httpapi.MessagingService), new(*messaging.Service)),
	httpapi.NewRatioHandler,
	wire.Bind(new(httpapi.RatioService), new(*ratio.Service)),
	httpapi.NewWebhookHandler,
	wire.Bind(new(httpapi.WebhookEventLog), new(*collections.EventLog)),
	wire.Bind(new(httpapi.PaymentEvents), new(*collections.Service)),
	wire.Bind(new(httpapi.MandateEvents), new(*mandates.Service)),
	wire.Struct(new(httpapi.Handlers), "*"),
	idem.NewPGStore,
	wire.Bind(new(idem.Store), new(*idem.PGStore)),
	httpapi.NewRouter,
)

// WorkerSet provides the watermill routes and router.
var WorkerSet = wire.NewSet(
	wire.Struct(new(consumer.Handlers), "*"),
	wire.Bind(new(consumer.Collections), new(*collections.Service)),
	wire.Bind(new(consumer.CollectionNotifier), new(*collections.Notifier)),
	wire.Bind(new(consumer.Enrolments), new(*enrolment.Service)),
	wire.Bind(new(consumer.Bookings), new(*booking.Service)),
	wire.Bind(new(consumer.Funding), new(*funding.Service)),
	wire.Bind(new(consumer.Messaging), new(*messaging.Service)),
	wire.Bind(new(consumer.Ratio), new(*ratio.Service)),
	ProvideRoutes,
	consumer.NewSubscriberFactory,
	consumer.NewRouter,
)
