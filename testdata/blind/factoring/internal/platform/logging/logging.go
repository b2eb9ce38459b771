// Package logging builds the process logger.
package logging

import (
	"log/slog"
	"os"

	"github.com/kestrelfin/factoring/internal/config"
)

func New(cfg config.Config) *slog.Logger {
	var h slog.Handler
	if cfg.Env == "development" {
		h = slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})
	} else {
		h = slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})
	}
	return slog.New(h).With("env", cfg.Env)
}
