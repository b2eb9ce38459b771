//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/budgets"
	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/httpapi"
	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/partners"
	"github.com/northmill/procure/internal/payments"
	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/gormdb"
	"github.com/northmill/procure/internal/platform/idem"
	"github.com/northmill/procure/internal/platform/inbox"
	"github.com/northmill/procure/internal/platform/jobs"
	"github.com/northmill/procure/internal/platform/telemetry"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/receiving"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

var platformSet = wire.NewSet(
	telemetry.NewLogger,
	telemetry.NewTracerProvider,
	db.Open,
	db.NewStore,
	gormdb.Open,
	jobs.NewEnqueuer,
	wire.Bind(new(tasks.Enqueuer), new(*jobs.Enqueuer)),
	idem.NewKeys,
	inbox.New,
)

var providerSet = wire.NewSet(
	edi.NewHTTPClient,
	edi.NewTraced,
	wire.Bind(new(edi.Client), new(*edi.Traced)),
	bankpay.NewClient,
	bankpay.NewVerifier,
	wire.Bind(new(payments.Bank), new(*bankpay.Client)),
)

var domainSet = wire.NewSet(
	suppliers.NewRepo,
	purchasing.NewRepo,
	purchasing.NewService,
	budgets.NewService,
	wire.Bind(new(purchasing.BudgetReleaser), new(*budgets.Service)),
	receiving.NewRepo,
	receiving.NewService,
	invoicing.NewRepo,
	invoicing.NewService,
	invoicing.NewCreditNotes,
	payments.NewRepo,
	payments.NewService,
	wire.Bind(new(invoicing.PaymentScheduler), new(*payments.Service)),
	partners.NewRepo,
	partners.NewService,
	wire.Bind(new(httpapi.PurchaseOrderService), new(*purchasing.Service)),
	wire.Bind(new(httpapi.ReceiptService), new(*receiving.Service)),
	wire.Bind(new(httpapi.InvoiceService), new(*invoicing.Service)),
	wire.Bind(new(httpapi.CreditNoteService), new(*invoicing.CreditNotes)),
	wire.Bind(new(httpapi.SettlementService), new(*payments.Service)),
	wire.Bind(new(httpapi.BudgetService), new(*budgets.Service)),
	wire.Bind(new(httpapi.BankEventService), new(*payments.Service)),
	wire.Bind(new(httpapi.PartnerService), new(*partners.Service)),
)

var httpSet = wire.NewSet(
	httpapi.NewPurchaseOrderHandler,
	httpapi.NewReceiptHandler,
	httpapi.NewInvoiceHandler,
	httpapi.NewBudgetHandler,
	httpapi.NewBankWebhookHandler,
	httpapi.NewEDIWebhookHandler,
	wire.Struct(new(httpapi.Handlers), "*"),
	httpapi.NewRouter,
	httpapi.NewServer,
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(platformSet, providerSet, domainSet, httpSet, newApp)
	return nil, nil, nil
}
