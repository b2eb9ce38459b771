// Package logx configures structured JSON logging for Lambda.
package logx

import (
	"context"
	"log/slog"
	"os"
)

type ctxKey struct{}

// Init installs a JSON slog handler as the default logger.
func Init(function string) *slog.Logger {
	l := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("fn", function)
	slog.SetDefault(l)
	return l
}

// With stores a logger in the context.
func With(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From returns the context's logger or the default one.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(ctxKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
