// Package logging provides the process logger.
package logging

import (
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/civicworks/permits/internal/platform/config"
)

// NewLogger returns a JSON slog logger tagged with the environment.
func NewLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("env", cfg.Env)
}

// Module provides *slog.Logger and routes fx's own events through it.
var Module = fx.Options(
	fx.Provide(NewLogger),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: log.With("component", "fx")}
	}),
)
