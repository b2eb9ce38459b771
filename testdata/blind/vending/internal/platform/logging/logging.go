// Package logging builds the process logger.
package logging

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/vendgrid/fleetops/internal/config"
)

func New(cfg config.Config) *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	l := slog.New(h).With("service", cfg.Service)
	slog.SetDefault(l)
	return l
}

// Module provides *slog.Logger and routes fx's own events through it.
var Module = fx.Options(
	fx.Provide(New),
	fx.WithLogger(func(l *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: l}
	}),
)
