// Package logging sets up the process-wide slog logger.
package logging

import (
	"log/slog"
	"os"
	"strings"
)

// New returns a JSON logger at the given level and installs it as default.
func New(service, level string) *slog.Logger {
	var lvl slog.Level
	switch strings.ToLower(level) {
	case "debug":
		lvl = slog.LevelDebug
	case "warn":
		lvl = slog.LevelWarn
	case "error":
		lvl = slog.LevelError
	default:
		lvl = slog.LevelInfo
	}
	l := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl})).With("service", service)
	slog.SetDefault(l)
	return l
}
