// Command clinic runs the telehealth clinic platform: the public API, the
// admin API, the asynq worker, the watermill router and the lab-results
// Kafka consumer, all in one process.
package main

import (
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"go.uber.org/fx"

	"github.com/acme/clinic/internal/admin"
	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/billing"
	"github.com/acme/clinic/internal/claims"
	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/credits"
	"github.com/acme/clinic/internal/httpserver"
	"github.com/acme/clinic/internal/idempotency"
	"github.com/acme/clinic/internal/intake"
	"github.com/acme/clinic/internal/labs"
	"github.com/acme/clinic/internal/patients"
	"github.com/acme/clinic/internal/platform/command"
	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/prescriptions"
	"github.com/acme/clinic/internal/provider/clearinghouse"
	"github.com/acme/clinic/internal/provider/payments"
	"github.com/acme/clinic/internal/provider/rxnet"
	"github.com/acme/clinic/internal/provider/sms"
	"github.com/acme/clinic/internal/reporting"
)

func main() {
	fx.New(
		platform,
		providers,
		domain,
		transport,
		fx.Invoke(
			db.Migrate,
			func(*message.Router) {},
			(*events.Relay).Start,
			jobs.RunServer,
			(*labs.Consumer).Run,
			httpserver.ServePublic,
			httpserver.ServeAdmin,
		),
	).Run()
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func publisher(ps *gochannel.GoChannel) events.Publisher { return ps }

// publicRoutes / tasks / subscriptions annotate contributions to fx groups.
func publicRoutes(ctor any) any {
	return fx.Annotate(ctor, fx.As(new(httpserver.PublicRoutes)), fx.ResultTags(`group:"public_routes"`))
}

func tasks(f any) any { return fx.Annotate(f, fx.ResultTags(`group:"tasks,flatten"`)) }

func subscriptions(f any) any {
	return fx.Annotate(f, fx.ResultTags(`group:"subscriptions,flatten"`))
}

var platform = fx.Options(
	fx.Provide(
		config.Load,
		newLogger,
		db.OpenSQL,
		db.OpenGorm,
		db.OpenSQLX,
		fx.Annotate(db.NewSQLTransactor, fx.As(new(db.Transactor))),
		command.NewMetrics,
		events.NewLogger,
		events.NewPubSub,
		publisher,
		events.NewRouter,
		events.NewRelay,
		fx.Annotate(events.NewSQLOutbox, fx.As(new(events.OutboxWriter))),
		fx.Annotate(jobs.NewClient, fx.As(new(jobs.Enqueuer))),
	),
)

var providers = fx.Options(
	fx.Provide(
		fx.Annotate(rxnet.New, fx.As(new(prescriptions.Network))),
		fx.Annotate(clearinghouse.New, fx.As(new(claims.Clearinghouse))),
		fx.Annotate(sms.New, fx.As(new(appointments.Texter))),
		fx.Annotate(payments.NewGateway,
			fx.As(new(billing.Gateway)),
			fx.As(new(appointments.Refunder)),
		),
	),
)

var domain = fx.Options(
	fx.Provide(
		fx.Annotate(patients.NewRepository, fx.As(new(patients.Directory))),
		fx.Annotate(idempotency.NewTxStore, fx.As(new(appointments.KeyStore))),
		fx.Annotate(idempotency.NewGormStore, fx.As(new(intake.KeyStore))),

		// appointments
		fx.Annotate(appointments.NewPostgresRepository, fx.As(new(appointments.Repository))),
		fx.Annotate(appointments.NewSQLMessageLog, fx.As(new(appointments.MessageLog))),
		fx.Annotate(appointments.NewService,
			fx.As(new(appointments.Booking)),
			fx.As(new(admin.AppointmentOps)),
		),
		appointments.NewTasks,
		appointments.NewSubscribers,
		tasks((*appointments.Tasks).Handlers),
		subscriptions((*appointments.Subscribers).Subscriptions),

		// billing
		fx.Annotate(billing.NewStore, fx.As(fx.Self()), fx.As(new(appointments.DepositLookup))),
		fx.Annotate(billing.NewService,
			fx.As(fx.Self()),
			fx.As(new(billing.Payments)),
			fx.As(new(admin.RefundOps)),
		),
		billing.NewTasks,
		billing.NewConfirmations,
		tasks((*billing.Tasks).Handlers),
		subscriptions((*billing.Confirmations).Subscriptions),

		// prescriptions
		fx.Annotate(prescriptions.NewSQLRepository, fx.As(new(prescriptions.Repository))),
		fx.Annotate(prescriptions.NewClinicianDirectory,
			fx.As(new(prescriptions.Prescribers)),
			fx.As(new(claims.NPILookup)),
		),
		fx.Annotate(prescriptions.NewService, fx.As(new(prescriptions.Prescribing))),
		prescriptions.NewTasks,
		tasks((*prescriptions.Tasks).Handlers),

		// claims
		fx.Annotate(claims.NewService,
			fx.As(fx.Self()),
			fx.As(new(claims.Claims)),
			fx.As(new(admin.ClaimOps)),
		),
		claims.NewTasks,
		claims.NewRemittances,
		tasks((*claims.Tasks).Handlers),
		subscriptions((*claims.Remittances).Subscriptions),

		// labs
		fx.Annotate(labs.NewSQLRepository, fx.As(new(labs.Repository))),
		labs.NewConsumer,
		labs.NewNotifier,
		subscriptions((*labs.Notifier).Subscriptions),

		// intake & credits
		intake.NewRepository,
		intake.NewService,
		credits.NewLedger,
		fx.Annotate(credits.NewService, fx.As(new(admin.CreditOps))),

		// reporting
		fx.Annotate(reporting.NewQueries, fx.As(new(admin.Reports))),
	),
)

var transport = fx.Options(
	fx.Provide(
		publicRoutes(appointments.NewHandler),
		publicRoutes(billing.NewHandler),
		publicRoutes(prescriptions.NewHandler),
		publicRoutes(claims.NewHandler),
		publicRoutes(intake.NewHandler),
		httpserver.NewPublicEngine,
		admin.NewAPI,
		admin.NewEcho,
	),
)
