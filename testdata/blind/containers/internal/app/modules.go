// Package app holds the fx modules shared by the binaries in cmd/.
package app

import (
	"context"
	"log/slog"
	"os"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/events/dispatch"
	"github.com/quaymark/terminal-ops/internal/httpapi/handlers"
	"github.com/quaymark/terminal-ops/internal/httpapi/middleware"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/providers/edipartner"
	"github.com/quaymark/terminal-ops/internal/providers/notify"
	"github.com/quaymark/terminal-ops/internal/providers/stripepay"
	"github.com/quaymark/terminal-ops/internal/queue/ediqueue"
	"github.com/quaymark/terminal-ops/internal/repo"
	"github.com/quaymark/terminal-ops/internal/service/appointment"
	"github.com/quaymark/terminal-ops/internal/service/billing"
	"github.com/quaymark/terminal-ops/internal/service/customs"
	"github.com/quaymark/terminal-ops/internal/service/edi"
	"github.com/quaymark/terminal-ops/internal/service/gate"
	"github.com/quaymark/terminal-ops/internal/service/reefer"
	"github.com/quaymark/terminal-ops/internal/service/vessel"
	"github.com/quaymark/terminal-ops/internal/service/yard"
)

// Core provides configuration, logging, the database and the unit of work.
var Core = fx.Options(
	fx.WithLogger(func(l *slog.Logger) fxevent.Logger { return &fxevent.SlogLogger{Logger: l} }),
	fx.Provide(
		newLogger,
		config.Load,
		db.Open,
		fx.Annotate(db.NewUnitOfWork, fx.As(new(db.UnitOfWork))),
	),
)

func newLogger() *slog.Logger {
	l := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(l)
	return l
}

// Repositories provides every gorm repository as the interfaces its
// consumers declare.
var Repositories = fx.Provide(
	fx.Annotate(repo.NewVesselCalls, fx.As(new(vessel.Repository))),
	fx.Annotate(repo.NewContainers,
		fx.As(new(appointment.ContainerLookup)),
		fx.As(new(customs.ContainerFlags)),
		fx.As(new(gate.Containers)),
		fx.As(new(reefer.PowerFlags)),
		fx.As(new(billing.DwellingContainers)),
	),
	fx.Annotate(repo.NewYard, fx.As(new(yard.Repository)), fx.As(new(gate.Yard))),
	fx.Annotate(repo.NewAppointments,
		fx.As(new(appointment.Repository)),
		fx.As(new(customs.PickupFinder)),
		fx.As(new(gate.Appointments)),
	),
	fx.Annotate(repo.NewCustoms, fx.As(new(customs.Repository))),
	fx.Annotate(repo.NewBookings, fx.As(new(edi.BookingStore))),
	fx.Annotate(repo.NewOutbox, fx.As(new(edi.Outbox)), fx.As(new(gate.Outbox)), fx.As(new(edi.PendingOutbox))),
	fx.Annotate(repo.NewEDIMessages, fx.As(new(edi.MessageStore))),
	fx.Annotate(repo.NewReefer, fx.As(new(reefer.Repository))),
	fx.Annotate(repo.NewProcessedEvents, fx.As(new(dispatch.SeenStore))),
	fx.Annotate(repo.NewIdempotencyKeys, fx.As(new(middleware.IdempotencyStore))),
	fx.Annotate(repo.NewAccounts, fx.As(new(billing.Accounts))),
	fx.Annotate(repo.NewInvoices, fx.As(new(billing.Invoices))),
	fx.Annotate(repo.NewAccruals, fx.As(new(billing.Accruals))),
	fx.Annotate(repo.NewPayments, fx.As(new(billing.Payments))),
	fx.Annotate(repo.NewCreditNotes, fx.As(new(billing.CreditNotes))),
	fx.Annotate(repo.NewStripeEvents, fx.As(new(billing.StripeEvents))),
)

// Providers provides the external service clients.
var Providers = fx.Provide(
	newSQS,
	fx.Annotate(stripepay.New, fx.As(new(billing.CardProcessor)), fx.As(new(handlers.WebhookVerifier))),
	fx.Annotate(edipartner.New, fx.As(new(vessel.ProfileLookup)), fx.As(new(edi.Gateway))),
	fx.Annotate(notify.NewSMS, fx.As(new(customs.Texter))),
	fx.Annotate(notify.NewMail, fx.As(new(billing.Mailer))),
	fx.Annotate(ediqueue.NewPublisher, fx.As(new(vessel.NoticePublisher)), fx.As(new(edi.JobPublisher))),
)

func newSQS(cfg *config.Config) (ediqueue.SQSAPI, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}
