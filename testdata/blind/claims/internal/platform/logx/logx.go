// Package logx carries a request- or message-scoped slog.Logger in the
// context.
package logx

import (
	"context"
	"log/slog"
)

type loggerKey struct{}

// With returns a context whose logger has attrs appended.
func With(ctx context.Context, attrs ...any) context.Context {
	return context.WithValue(ctx, loggerKey{}, From(ctx).With(attrs...))
}

// From returns the logger stored in ctx or slog.Default.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
