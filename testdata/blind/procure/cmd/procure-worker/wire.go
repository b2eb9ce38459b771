//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/budgets"
	"github.com/northmill/procure/internal/catalogue"
	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/payments"
	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/gormdb"
	"github.com/northmill/procure/internal/platform/idem"
	"github.com/northmill/procure/internal/platform/jobs"
	"github.com/northmill/procure/internal/platform/telemetry"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
	"github.com/northmill/procure/internal/workers"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		telemetry.NewLogger,
		telemetry.NewTracerProvider,
		telemetry.NewRegistry,
		telemetry.NewMetricsServer,
		db.Open,
		db.NewStore,
		gormdb.Open,
		jobs.NewEnqueuer,
		idem.NewKeys,
		wire.Bind(new(tasks.Enqueuer), new(*jobs.Enqueuer)),
		edi.NewHTTPClient,
		edi.NewTraced,
		wire.Bind(new(edi.Client), new(*edi.Traced)),
		bankpay.NewClient,
		wire.Bind(new(payments.Bank), new(*bankpay.Client)),
		suppliers.NewRepo,
		purchasing.NewRepo,
		purchasing.NewTransmitter,
		purchasing.NewService,
		invoicing.NewRepo,
		invoicing.NewService,
		invoicing.NewOffers,
		payments.NewRepo,
		payments.NewService,
		payments.NewPrepayments,
		payments.NewRemittances,
		budgets.NewService,
		catalogue.NewService,
		wire.Bind(new(invoicing.PaymentScheduler), new(*payments.Service)),
		wire.Bind(new(purchasing.BudgetReleaser), new(*budgets.Service)),
		wire.Bind(new(workers.OrderTransmitter), new(*purchasing.Transmitter)),
		wire.Bind(new(workers.PaymentExecutor), new(*payments.Service)),
		wire.Bind(new(workers.PrepaymentPayer), new(*payments.Prepayments)),
		wire.Bind(new(workers.RemittanceSender), new(*payments.Remittances)),
		wire.Bind(new(workers.DiscountOfferer), new(*invoicing.Offers)),
		wire.Bind(new(workers.InvoiceMatcher), new(*invoicing.Service)),
		wire.Bind(new(workers.PriceSource), new(*catalogue.Service)),
		wire.Bind(new(workers.DraftRepricer), new(*purchasing.Service)),
		wire.Bind(new(workers.ReservationExpirer), new(*budgets.Service)),
		wire.Struct(new(workers.Deps), "*"),
		workers.NewWorkerConfig,
		jobs.NewWorkerClient,
		newApp,
	)
	return nil, nil, nil
}
