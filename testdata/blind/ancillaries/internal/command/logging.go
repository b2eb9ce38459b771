package command

import (
	"context"
	"log/slog"
	"time"
)

// WithLogging logs every command execution with its outcome and duration.
func WithLogging[C any](logger *slog.Logger) Decorator[C] {
	name := Name[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			attrs := []any{
				slog.String("command", name),
				slog.Duration("took", time.Since(start)),
			}
			if err != nil {
				logger.ErrorContext(ctx, "command failed", append(attrs, slog.Any("err", err))...)
				return err
			}
			logger.InfoContext(ctx, "command handled", attrs...)
			return nil
		})
	}
}
