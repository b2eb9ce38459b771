// Package app holds the fx modules shared by the binaries.
package app

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/platform/pg"
	"github.com/haulcore/wastehaul/internal/store"
)

// Core provides configuration, logging, the database and repositories.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		newLogger,
		pg.NewPool,
		store.NewDB,

		store.NewCustomers,
		store.NewLedger,
		store.NewRentals,
		store.NewPickups,
		store.NewRoutes,
		store.NewMessages,
		store.NewTickets,
		store.NewInvoices,
		store.NewPayments,
		store.NewLoads,
		store.NewTipping,
		store.NewInbox,
		store.NewIdempotencyKeys,

		idempotency.NewKeys,
	),
)

// Logging routes fx's own events through slog.
var Logging = fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
	l := &fxevent.SlogLogger{Logger: log}
	l.UseLogLevel(slog.LevelDebug)
	return l
})

func newLogger() *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(log)
	return log
}
