// Package logging builds the process logger and carries request-scoped
// attributes through contexts.
package logging

import (
	"context"
	"log/slog"
	"os"
	"strings"
)

type ctxKey struct{}

// New returns a JSON logger at the given level ("debug", "info", ...).
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
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl})
	return slog.New(h).With("service", service)
}

// With stores attrs on ctx for FromContext.
func With(ctx context.Context, attrs ...any) context.Context {
	prev, _ := ctx.Value(ctxKey{}).([]any)
	merged := append(append([]any{}, prev...), attrs...)
	return context.WithValue(ctx, ctxKey{}, merged)
}

// FromContext returns base enriched with attributes stored by With.
func FromContext(ctx context.Context, base *slog.Logger) *slog.Logger {
	if attrs, ok := ctx.Value(ctxKey{}).([]any); ok && len(attrs) > 0 {
		return base.With(attrs...)
	}
	return base
}
