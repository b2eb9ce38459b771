// Package obs provides logging and metrics primitives.
package obs

import (
	"context"
	"log/slog"
	"os"
)

// NewLogger returns the process-wide JSON logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

type traceKey struct{}

// WithTraceID stores a correlation id used only for log lines.
func WithTraceID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, traceKey{}, id)
}

// TraceID returns the correlation id stored by WithTraceID.
func TraceID(ctx context.Context) string {
	id, _ := ctx.Value(traceKey{}).(string)
	return id
}

// L returns logger enriched with the trace id in ctx.
func L(ctx context.Context, logger *slog.Logger) *slog.Logger {
	if id := TraceID(ctx); id != "" {
		return logger.With("trace_id", id)
	}
	return logger
}
