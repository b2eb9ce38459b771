// Command courierpay runs the Spoke & Chain payouts service: the HTTP API,
// the dispatch event consumers and the scheduled jobs, wired with fx.
package main

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/deductions"
	"github.com/spokechain/courierpay/internal/earnings"
	"github.com/spokechain/courierpay/internal/inbox"
	"github.com/spokechain/courierpay/internal/insurance"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/payouts"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/messaging"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/platform/scheduler"
	"github.com/spokechain/courierpay/internal/providers/insurer"
	"github.com/spokechain/courierpay/internal/providers/sms"
	"github.com/spokechain/courierpay/internal/providers/stripeconnect"
	"github.com/spokechain/courierpay/internal/webhooks"
)

func newLogger() *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// Modules is the full application graph; tests validate it with
// fx.ValidateApp.
func Modules() fx.Option {
	return fx.Options(
		fx.Provide(newLogger),
		config.Module,

		// platform
		postgres.Module,
		httpserver.Module,
		messaging.Module,
		scheduler.Module,
		fx.Provide(inbox.NewStore),

		// providers
		stripeconnect.Module,
		insurer.Module,
		sms.Module,

		// domain
		notify.Module,
		couriers.Module,
		earnings.Module,
		deductions.Module,
		payouts.Module,
		insurance.Module,
		webhooks.Module,
	)
}

func main() {
	app := fx.New(
		Modules(),
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log}
		}),
	)
	app.Run()
}
