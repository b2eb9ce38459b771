// Package logging configures slog and carries request-scoped loggers.
package logging

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"time"
)

func New(level string) *slog.Logger {
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
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl}))
}

type loggerKey struct{}

func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

// From returns the logger carried by ctx, or fallback.
func From(ctx context.Context, fallback *slog.Logger) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return fallback
}

// Call logs the outcome and duration of fn under op. The service logging
// decorators are built from it.
func Call(ctx context.Context, log *slog.Logger, op string, fn func() error, attrs ...any) error {
	start := time.Now()
	err := fn()
	l := From(ctx, log).With(attrs...).With("op", op, "duration_ms", time.Since(start).Milliseconds())
	if err != nil {
		l.ErrorContext(ctx, "call failed", "err", err)
		return err
	}
	l.DebugContext(ctx, "call ok")
	return nil
}
