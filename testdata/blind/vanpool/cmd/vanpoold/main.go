// Command vanpoold runs the PoolTrack vanpool service: the HTTP API and
// webhooks, the River workers, and the fuel card stream consumer.
package main

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/pooltrack/vanpool/internal/api"
	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/fuelstream"
	"github.com/pooltrack/vanpool/internal/jobs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/service"
)

func newLogger() *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})).With("app", "vanpoold")
}

// appOptions is the whole application graph.
func appOptions() fx.Option {
	return fx.Options(
		fx.Provide(newLogger),
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log.With("component", "fx")}
		}),
		config.Module,
		db.Module,
		jobs.Module,
		service.Module,
		api.Module,
		fuelstream.Module,
		fx.StartTimeout(fx.DefaultTimeout*3),
	)
}

func main() {
	fx.New(appOptions()).Run()
}
