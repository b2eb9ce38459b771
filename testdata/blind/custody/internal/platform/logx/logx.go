// Package logx provides the process logger.
package logx

import (
	"log/slog"
	"os"

	"go.uber.org/fx"

	"github.com/northvault/custody/internal/config"
)

func New(cfg config.Config) *slog.Logger {
	var h slog.Handler
	if cfg.Env == "development" {
		h = slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})
	} else {
		h = slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})
	}
	return slog.New(h)
}

var Module = fx.Module("logx", fx.Provide(New))
