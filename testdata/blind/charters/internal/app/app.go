// Package app holds the fx wiring shared by the charterhub binaries.
package app

import (
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/saltline-charters/charterhub/internal/config"
	"github.com/saltline-charters/charterhub/internal/db"
	"github.com/saltline-charters/charterhub/internal/events"
	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/marina"
	"github.com/saltline-charters/charterhub/internal/notify"
	"github.com/saltline-charters/charterhub/internal/payments"
	"github.com/saltline-charters/charterhub/internal/rpc"
	"github.com/saltline-charters/charterhub/internal/service"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Core is the database, the providers and the lookup caches.
var Core = fx.Options(
	fx.Provide(
		config.Load,
		newLogger,
		db.NewPool,
		fx.Annotate(func(p *pgxpool.Pool) *pgxpool.Pool { return p }, fx.As(new(store.DBTX))),
		fx.Annotate(store.New, fx.As(fx.Self()), fx.As(new(store.Querier))),
		fx.Annotate(service.NewPgTx, fx.As(new(service.TxRunner))),
		lookup.NewBoatCategories,
		lookup.NewExtras,
		lookup.NewMarinas,
		fx.Annotate(newPayments, fx.As(new(service.PaymentGateway))),
		fx.Annotate(newMarina, fx.As(new(service.MarinaGateway))),
		fx.Annotate(newSMS, fx.As(new(service.Texter))),
		newSettings,
		service.SystemClock,
	),
)

// Services binds each service to the interfaces its callers declare.
var Services = fx.Provide(
	fx.Annotate(service.NewListings, fx.As(new(rpc.ListingService))),
	fx.Annotate(service.NewHolds, fx.As(new(rpc.HoldService))),
	fx.Annotate(service.NewBookings, fx.As(new(rpc.BookingService))),
	fx.Annotate(service.NewBerths, fx.As(new(rpc.BerthService)), fx.As(new(events.BerthService))),
	fx.Annotate(service.NewCrew, fx.As(new(rpc.CrewService))),
	fx.Annotate(service.NewExtras, fx.As(new(rpc.ExtraService))),
	fx.Annotate(service.NewFuel, fx.As(new(rpc.FuelService))),
	fx.Annotate(service.NewCancellations, fx.As(new(rpc.CancellationService))),
	fx.Annotate(service.NewBilling, fx.As(fx.Self()), fx.As(new(rpc.BillingService))),
	fx.Annotate(service.NewWeather, fx.As(new(events.WeatherService))),
)

func newLogger(cfg config.Config) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("service", cfg.ServiceName)
}

func newSettings(cfg config.Config) service.Settings {
	return service.Settings{Currency: "EUR", HoldTTL: cfg.HoldTTL}
}

func newPayments(cfg config.Config) *payments.Client {
	return payments.New(payments.Config{
		BaseURL:  cfg.PaymentsBaseURL,
		APIKey:   cfg.PaymentsAPIKey,
		RetryMax: cfg.ProviderRetry,
		Timeout:  cfg.RequestTimeout,
	})
}

func newMarina(cfg config.Config) *marina.Client {
	return marina.NewClient(marina.Options{
		BaseURL:   cfg.MarinaBaseURL,
		APIKey:    cfg.MarinaAPIKey,
		RetryMax:  cfg.ProviderRetry,
		Timeout:   cfg.RequestTimeout,
		UserAgent: cfg.ServiceName + "/1",
	})
}

func newSMS(cfg config.Config) *notify.SMS {
	return notify.NewSMS(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender, cfg.ProviderRetry)
}
