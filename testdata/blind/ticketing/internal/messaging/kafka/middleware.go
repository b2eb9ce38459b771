package kafka

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Recover turns handler panics into errors.
func Recover() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, rec *kgo.Record) (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic handling %s@%d: %v\n%s", rec.Topic, rec.Offset, r, debug.Stack())
				}
			}()
			return next(ctx, rec)
		}
	}
}

// Timing logs slow handlers.
func Timing(threshold time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, rec *kgo.Record) error {
			start := time.Now()
			err := next(ctx, rec)
			if d := time.Since(start); d > threshold {
				slog.WarnContext(ctx, "slow kafka handler", "topic", rec.Topic, "took", d)
			}
			return err
		}
	}
}
