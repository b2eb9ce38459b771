// Package logging provides the process-wide structured logger.
package logging

import (
	"log/slog"
	"os"

	"github.com/harborline/brokerage/internal/platform/config"
)

// New builds the service logger. JSON in deployed environments, text locally.
func New(cfg *config.Config) *slog.Logger {
	var h slog.Handler
	if cfg.Env == "development" {
		h = slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelDebug})
	} else {
		h = slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	}
	l := slog.New(h).With("env", cfg.Env)
	slog.SetDefault(l)
	return l
}
