// Package app holds the fx modules shared by the binaries under cmd/.
package app

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/brightfund/crowdfund/internal/adapters/bank"
	"github.com/brightfund/crowdfund/internal/adapters/carrier"
	httpadapter "github.com/brightfund/crowdfund/internal/adapters/http"
	"github.com/brightfund/crowdfund/internal/adapters/jobs"
	"github.com/brightfund/crowdfund/internal/adapters/mail"
	"github.com/brightfund/crowdfund/internal/adapters/postgres"
	stripeadapter "github.com/brightfund/crowdfund/internal/adapters/stripe"
	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/core/services"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

func NewLogger(cfg config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(log)
	return log
}

func warehouse(cfg config.Config) services.Warehouse {
	return services.Warehouse{
		Name:       cfg.WarehouseName,
		Line1:      cfg.WarehouseLine1,
		City:       cfg.WarehouseCity,
		PostalCode: cfg.WarehousePostalCode,
		Country:    cfg.WarehouseCountry,
		Phone:      cfg.WarehousePhone,
	}
}

func appURL(cfg config.Config) services.AppURL { return services.AppURL(cfg.PublicAppURL) }

// Base is configuration, logging and the database pool.
var Base = fx.Options(
	fx.Provide(
		config.Load,
		NewLogger,
		postgres.NewPool,
		fx.Annotate(services.NewSystemClock, fx.As(new(ports.Clock))),
	),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: log}
	}),
)

// Storage provides the repositories, the unit of work and the job queue.
// It needs a *river.Client from InsertOnly or Worker.
var Storage = fx.Options(
	fx.Provide(
		fx.Annotate(jobs.NewQueue, fx.As(new(postgres.JobBinder))),
		fx.Annotate(postgres.NewStore, fx.As(new(ports.Repos))),
		fx.Annotate(postgres.NewUnitOfWork, fx.As(new(ports.UnitOfWork))),
		fx.Annotate(postgres.NewIdempotencyStore, fx.As(new(ports.IdempotencyStore))),
	),
)

// Providers are the outbound partner adapters.
var Providers = fx.Options(
	fx.Provide(
		fx.Annotate(stripeadapter.NewGateway, fx.As(new(ports.PaymentGateway))),
		fx.Annotate(carrier.New, fx.As(new(ports.CarrierGateway))),
		fx.Annotate(bank.New, fx.As(new(ports.BankGateway))),
		fx.Annotate(mail.New, fx.As(new(ports.Mailer))),
	),
)

// Services are the use cases.
var Services = fx.Options(
	fx.Provide(
		warehouse,
		appURL,
		fx.Annotate(services.NewCampaigns, fx.As(new(ports.CampaignUseCase))),
		fx.Annotate(services.NewPledges, fx.As(new(ports.PledgeUseCase))),
		fx.Annotate(services.NewSettlement, fx.As(new(ports.SettlementUseCase))),
		fx.Annotate(services.NewPayouts, fx.As(new(ports.PayoutUseCase))),
		fx.Annotate(services.NewFulfilment, fx.As(new(ports.FulfilmentUseCase))),
		fx.Annotate(services.NewNotifications, fx.As(new(ports.NotificationUseCase))),
		fx.Annotate(services.NewWebhooks, fx.As(new(ports.WebhookUseCase))),
	),
)

// InsertOnly is the River client for processes that only enqueue.
var InsertOnly = fx.Provide(jobs.NewInsertOnlyClient)

// Worker runs River workers.
var Worker = fx.Options(
	fx.Provide(jobs.NewWorkers, jobs.NewWorkerClient),
	fx.Invoke(jobs.RegisterWorkers),
)

// API serves the public REST API.
var API = fx.Options(
	fx.Provide(
		func(cfg config.Config) httpadapter.Addr { return httpadapter.Addr(cfg.HTTPAddr) },
		httpadapter.NewRouter,
		httpadapter.NewCampaignHandlers,
		httpadapter.NewPledgeHandlers,
		httpadapter.NewAdminHandlers,
	),
	fx.Invoke(httpadapter.RegisterAPIRoutes, httpadapter.Serve),
)

// Hooks serves provider webhooks.
var Hooks = fx.Options(
	fx.Provide(
		func(cfg config.Config) httpadapter.Addr { return httpadapter.Addr(cfg.HooksAddr) },
		httpadapter.NewRouter,
		stripeadapter.NewEventParser,
		carrier.NewWebhookVerifier,
		bank.NewWebhookVerifier,
		httpadapter.NewHookHandlers,
	),
	fx.Invoke(httpadapter.RegisterHookRoutes, httpadapter.Serve),
)
