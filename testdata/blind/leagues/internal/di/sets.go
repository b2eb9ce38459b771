// Package di wires the application with google/wire. Edit wire.go or the
// sets below and run `go generate ./internal/di` to regenerate wire_gen.go.
package di

import (
	"github.com/google/wire"

	"github.com/fieldday/leagues/internal/api"
	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/jobs"
	"github.com/fieldday/leagues/internal/notify"
	"github.com/fieldday/leagues/internal/provider/payments"
	"github.com/fieldday/leagues/internal/provider/screening"
	"github.com/fieldday/leagues/internal/provider/sms"
	"github.com/fieldday/leagues/internal/service"
	"github.com/fieldday/leagues/internal/store"
	"github.com/fieldday/leagues/internal/worker"
)

// StoreSet provides the database handle, repositories and unit of work.
var StoreSet = wire.NewSet(
	store.Open,
	store.NewHouseholdRepo,
	store.NewChildRepo,
	store.NewSeasonRepo,
	store.NewRegistrationRepo,
	store.NewIdempotencyRepo,
	store.NewPaymentIntentRepo,
	store.NewPaymentAttemptRepo,
	store.NewRefundRepo,
	store.NewLedgerRepo,
	store.NewScholarshipRepo,
	store.NewWaitlistRepo,
	store.NewTeamRepo,
	store.NewAssignmentRepo,
	store.NewCoachRepo,
	store.NewCheckRepo,
	store.NewVendorAttemptRepo,
	store.NewWebhookInbox,
	store.NewOutboxRepo,
	store.NewStatusEventRepo,
	store.NewReminderLogRepo,
	store.NewUnitOfWork,
)

// ProviderSet provides the vendor clients.
var ProviderSet = wire.NewSet(
	payments.NewClient,
	sms.NewClient,
	screening.NewClient,
	notify.NewTexter,
	wire.Bind(new(service.PaymentGateway), new(*payments.Client)),
	wire.Bind(new(service.SMSSender), new(*sms.Client)),
	wire.Bind(new(service.ScreeningVendor), new(*screening.Client)),
	wire.Bind(new(service.Texter), new(*notify.Texter)),
)

// JobsSet provides the asynq client and the enqueuer.
var JobsSet = wire.NewSet(
	jobs.NewRedisOpt,
	jobs.NewClient,
	jobs.NewEnqueuer,
	wire.Bind(new(service.Jobs), new(*jobs.Enqueuer)),
)

// ServiceSet provides the application services.
var ServiceSet = wire.NewSet(
	provideWaitlistConfig,
	service.NewHouseholdManager,
	service.NewDiscountManager,
	service.NewRegistrationManager,
	service.NewScholarshipManager,
	service.NewPaymentManager,
	service.NewWaitlistManager,
	service.NewTeamManager,
	service.NewCoachManager,
	service.NewNotificationManager,
	wire.Bind(new(service.HouseholdService), new(*service.HouseholdManager)),
	wire.Bind(new(service.DiscountService), new(*service.DiscountManager)),
	wire.Bind(new(service.RegistrationService), new(*service.RegistrationManager)),
	wire.Bind(new(service.ScholarshipService), new(*service.ScholarshipManager)),
	wire.Bind(new(service.PaymentService), new(*service.PaymentManager)),
	wire.Bind(new(service.WaitlistService), new(*service.WaitlistManager)),
	wire.Bind(new(service.TeamService), new(*service.TeamManager)),
	wire.Bind(new(service.CoachService), new(*service.CoachManager)),
	wire.Bind(new(service.NotificationService), new(*service.NotificationManager)),
)

// APISet provides the HTTP handlers and server.
var APISet = wire.NewSet(
	api.NewHouseholdHandler,
	api.NewRegistrationHandler,
	api.NewWaitlistHandler,
	api.NewTeamHandler,
	api.NewCoachHandler,
	api.NewReminderHandler,
	api.NewWebhookHandler,
	wire.Struct(new(api.Handlers), "*"),
	api.NewRouter,
	api.NewServer,
)

// WorkerSet provides the task handlers and the asynq server.
var WorkerSet = wire.NewSet(
	worker.NewHandlers,
	worker.NewMux,
	worker.NewApp,
)

func provideWaitlistConfig(cfg *config.Config) service.WaitlistConfig {
	return service.WaitlistConfig{UnpaidHold: cfg.Worker.UnpaidHoldPeriod, LinkBase: cfg.PublicOrigin}
}
