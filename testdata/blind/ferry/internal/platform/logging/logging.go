// Package logging provides the process logger and routes fx's own events
// through it.
package logging

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
)

// New returns a JSON logger tagged with the binary name.
func New(binary string) *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("bin", binary)
}

// Module supplies *slog.Logger and makes fx log through it.
func Module(binary string) fx.Option {
	log := New(binary)
	return fx.Options(
		fx.Supply(log),
		fx.WithLogger(func() fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log.With("component", "fx")}
		}),
	)
}
