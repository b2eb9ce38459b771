// Package app holds the fx options shared by the Ovenline binaries.
package app

import (
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/platform/database"
	"github.com/crumbworks/ovenline/internal/providers/cardpay"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/providers/mailer"
	"github.com/crumbworks/ovenline/internal/providers/millnet"
	"github.com/crumbworks/ovenline/internal/service"
	"github.com/crumbworks/ovenline/internal/store"
)

// NewLogger builds the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewClock returns the wall clock.
func NewClock() service.Clock { return time.Now }

// Base is config, logging, the database and the repositories.
var Base = fx.Options(
	fx.Provide(config.Load, NewLogger, NewClock),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger { return &fxevent.SlogLogger{Logger: log} }),
	database.Module,
	store.Module,
	fx.Provide(
		func(db *database.DB) service.Pool { return db },
		func(r *store.Customers) service.CustomerRepo { return r },
		func(r *store.Orders) service.OrderRepo { return r },
		func(r *store.Idempotency) service.IdempotencyRepo { return r },
		func(r *store.StandingOrders) service.StandingOrderRepo { return r },
		func(r *store.Production) service.ProductionRepo { return r },
		func(r *store.Deliveries) service.DeliveryRepo { return r },
		func(r *store.Inbox) service.InboxRepo { return r },
		func(r *store.Invoices) service.InvoiceRepo { return r },
		func(r *store.Payments) service.PaymentRepo { return r },
		func(r *store.Credits) service.CreditRepo { return r },
		func(r *store.Webhooks) service.WebhookRepo { return r },
		func(r *store.Purchasing) service.PurchasingRepo { return r },
	),
)

// Providers are the outbound HTTP clients.
var Providers = fx.Options(
	fx.Provide(
		fx.Annotate(directdebit.New, fx.As(new(service.DirectDebit))),
		fx.Annotate(cardpay.New, fx.As(new(service.CardCharger))),
		fx.Annotate(mailer.New, fx.As(new(service.Mailer))),
		fx.Annotate(millnet.New, fx.As(new(service.Mill))),
	),
)
