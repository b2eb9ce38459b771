// Package logx builds the process logger and carries request-scoped fields.
package logx

import (
	"context"
	"log/slog"
	"os"
)

type ctxKey struct{}

// New returns a JSON logger for service.
func New(service string) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("service", service)
}

// With returns ctx carrying a logger enriched with args.
func With(ctx context.Context, args ...any) context.Context {
	return context.WithValue(ctx, ctxKey{}, From(ctx).With(args...))
}

// From returns the logger carried by ctx or the default logger.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(ctxKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
