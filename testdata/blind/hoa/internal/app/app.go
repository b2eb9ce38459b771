// Package app holds the fx modules shared by the binaries under cmd/.
package app

import (
	"context"
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/amenities"
	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/consumers"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/httpapi"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/maintenance"
	"github.com/larchway/hoaops/internal/notices"
	"github.com/larchway/hoaops/internal/payments"
	"github.com/larchway/hoaops/internal/payouts"
	"github.com/larchway/hoaops/internal/platform/txctx"
	"github.com/larchway/hoaops/internal/provider/paylane"
	"github.com/larchway/hoaops/internal/provider/sendwell"
	"github.com/larchway/hoaops/internal/provider/textbridge"
	"github.com/larchway/hoaops/internal/provider/tradelink"
	"github.com/larchway/hoaops/internal/storage"
	"github.com/larchway/hoaops/internal/tasks"
	"github.com/larchway/hoaops/internal/violations"
)

// NewLogger builds the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// Core provides configuration, logging, the database pool, the unit of work
// and the event publisher.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		NewLogger,
		watermill.NewSlogLogger,
		storage.Open,
		fx.Annotate(storage.NewUnitOfWork, fx.As(new(txctx.UnitOfWork))),
		fx.Annotate(events.NewPublisher,
			fx.As(new(billing.EventPublisher)),
			fx.As(new(payments.EventPublisher)),
			fx.As(new(violations.Publisher)),
			fx.As(new(maintenance.Publisher)),
			fx.As(new(amenities.Publisher)),
		),
	),
)

// Repositories binds the storage implementations to the service ports.
var Repositories = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(storage.NewAccountRepo,
			fx.As(new(billing.AccountStore)),
			fx.As(new(payments.AccountReader)),
			fx.As(new(amenities.Accounts)),
			fx.As(new(notices.Accounts)),
		),
		fx.Annotate(storage.NewInvoiceRepo, fx.As(new(billing.InvoiceStore)), fx.As(new(payments.InvoiceStore))),
		fx.Annotate(storage.NewLedgerRepo, fx.As(new(ledger.Writer))),
		fx.Annotate(storage.NewReminderRepo, fx.As(new(billing.ReminderStore))),
		fx.Annotate(storage.NewIdempotencyRepo, fx.As(new(billing.IdempotencyStore))),
		fx.Annotate(storage.NewInboxRepo, fx.As(new(payments.Inbox)), fx.As(new(maintenance.Inbox))),
		fx.Annotate(storage.NewPaymentRepo, fx.As(new(payments.PaymentStore))),
		fx.Annotate(storage.NewWebhookEventRepo, fx.As(new(payments.WebhookStore))),
		fx.Annotate(storage.NewViolationRepo, fx.As(new(violations.Store)), fx.As(new(payments.FineReader))),
		fx.Annotate(storage.NewRequestRepo, fx.As(new(maintenance.RequestStore))),
		fx.Annotate(storage.NewVendorRepo, fx.As(new(maintenance.VendorStore)), fx.As(new(payouts.Vendors))),
		fx.Annotate(storage.NewQuoteRepo, fx.As(new(maintenance.QuoteStore))),
		fx.Annotate(storage.NewPayoutRepo, fx.As(new(maintenance.PayoutStore)), fx.As(new(payouts.Store))),
		fx.Annotate(storage.NewAmenityRepo, fx.As(new(amenities.Store))),
		fx.Annotate(storage.NewDepositRefundRepo, fx.As(new(amenities.RefundStore))),
		fx.Annotate(storage.NewNoticeRepo, fx.As(new(notices.Store))),
	),
)

// Providers builds the external clients.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(paylane.New,
			fx.As(new(payments.Gateway)),
			fx.As(new(payouts.Gateway)),
			fx.As(new(amenities.Gateway)),
			fx.As(new(httpapi.PaylaneVerifier)),
		),
		fx.Annotate(tradelink.New, fx.As(new(maintenance.Network)), fx.As(new(httpapi.TradeLinkVerifier))),
		fx.Annotate(sendwell.New, fx.As(new(billing.Mailer)), fx.As(new(notices.Mailer))),
		fx.Annotate(textbridge.New, fx.As(new(notices.Texter))),
		fx.Annotate(newTaskClient,
			fx.As(new(billing.Enqueuer)),
			fx.As(new(violations.Enqueuer)),
			fx.As(new(maintenance.Enqueuer)),
			fx.As(new(consumers.Enqueuer)),
		),
	),
)

func newTaskClient(lc fx.Lifecycle, cfg config.Config) *tasks.Client {
	c := tasks.NewClient(cfg)
	lc.Append(fx.StopHook(func(context.Context) error { return c.Close() }))
	return c
}

// Services provides the use-case services.
var Services = fx.Module("services",
	fx.Provide(
		billing.New,
		payments.New,
		violations.New,
		maintenance.New,
		payouts.New,
		amenities.New,
		notices.New,
	),
)
