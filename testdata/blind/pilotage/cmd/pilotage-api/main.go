// Command pilotage-api serves the agents' API, the dispatcher console,
// the pilot app and the bank webhook.
package main

import (
	"go.uber.org/fx"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/duty"
	"github.com/harbourline-systems/pilotage/internal/httpapi"
	"github.com/harbourline-systems/pilotage/internal/jobs"
	"github.com/harbourline-systems/pilotage/internal/mailer"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/pager"
	"github.com/harbourline-systems/pilotage/internal/platform"
	"github.com/harbourline-systems/pilotage/internal/portauthority"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/tugs"
)

func main() {
	fx.New(
		fx.Provide(
			config.Load,
			platform.NewLogger,
			store.NewPool,
			store.NewQueries,
			fx.Annotate(store.NewUnitOfWork, fx.As(new(store.UnitOfWork))),
			outbox.NewWriter,
		),

		// Provider clients.
		fx.Provide(
			fx.Annotate(pager.NewClient, fx.As(new(jobs.Pager))),
			fx.Annotate(portauthority.NewClient, fx.As(new(jobs.Authority))),
			fx.Annotate(mailer.NewClient, fx.As(new(billing.Mailer))),
			fx.Annotate(platform.NewSQSClient, fx.As(new(tugs.SQSAPI))),
			fx.Annotate(tugs.NewSQSPublisher, fx.As(new(tugs.Publisher)), fx.As(new(jobs.TugCanceller))),
		),

		// Repositories and services.
		fx.Provide(
			fx.Annotate(billing.NewChargeRepo, fx.As(new(jobs.ChargeRecorder))),
			fx.Annotate(duty.NewPgRepository, fx.As(new(duty.Repository))),
			fx.Annotate(jobs.NewRequestService, fx.As(new(httpapi.JobRequests))),
			fx.Annotate(jobs.NewDispatchService, fx.As(new(httpapi.Dispatcher))),
			fx.Annotate(jobs.NewCancelService, fx.As(new(httpapi.Canceller))),
			fx.Annotate(jobs.NewStandingOrders, fx.As(new(httpapi.StandingOrders))),
			fx.Annotate(jobs.NewBoardingService, fx.As(new(httpapi.Boarding))),
			fx.Annotate(tugs.NewService, fx.As(new(httpapi.TugOrders))),
			fx.Annotate(duty.NewService, fx.As(new(httpapi.DutyLog))),
			fx.Annotate(billing.NewPaymentService, fx.As(new(httpapi.Transfers))),
		),

		// HTTP.
		fx.Provide(
			httpapi.NewEcho,
			routes(httpapi.NewJobHandlers),
			routes(httpapi.NewPilotHandlers),
			routes(httpapi.NewTugHandlers),
			routes(httpapi.NewBankWebhook),
		),
		fx.Invoke(httpapi.Register, httpapi.Serve),
	).Run()
}

// routes provides a handler group into the "routes" value group.
func routes(constructor any) any {
	return fx.Annotate(
		constructor,
		fx.As(new(httpapi.RouteGroup)),
		fx.ResultTags(`group:"routes"`),
	)
}
