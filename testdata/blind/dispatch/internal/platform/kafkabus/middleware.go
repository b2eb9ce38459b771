package kafkabus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/platform/idgen"
)

type traceKey struct{}

// TraceIDFrom returns the trace id attached by WithTrace.
func TraceIDFrom(ctx context.Context) string {
	s, _ := ctx.Value(traceKey{}).(string)
	return s
}

// WithTrace attaches a correlation id to the context for log lines. Upstream
// producers may set a "trace-id" header; otherwise one is minted.
func WithTrace() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg Message) error {
			tid := msg.Header("trace-id")
			if tid == "" {
				tid = idgen.NewTraceID()
			}
			return next(context.WithValue(ctx, traceKey{}, tid), msg)
		}
	}
}

// Logging logs the outcome and latency of every message.
func Logging(log *zap.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg Message) error {
			start := time.Now()
			err := next(ctx, msg)
			fields := []zap.Field{
				zap.String("topic", msg.Topic),
				zap.Int("partition", msg.Partition),
				zap.Int64("offset", msg.Offset),
				zap.String("trace_id", TraceIDFrom(ctx)),
				zap.Duration("took", time.Since(start)),
			}
			if err != nil {
				log.Warn("message handler failed", append(fields, zap.Error(err))...)
			} else {
				log.Debug("message handled", fields...)
			}
			return err
		}
	}
}

// Recover turns handler panics into errors so the reader loop survives.
func Recover() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg Message) (err error) {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panic handling %s@%d: %v", msg.Topic, msg.Offset, p)
				}
			}()
			return next(ctx, msg)
		}
	}
}

// ErrPoison marks a message that can never be processed; the group logs it
// and commits past it instead of redelivering.
var ErrPoison = errors.New("poison message")

// Retry re-invokes the handler in-process with linear backoff before giving
// the error back to the reader loop.
func Retry(attempts int, backoff time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg Message) error {
			var err error
			for i := 0; i < attempts; i++ {
				if err = next(ctx, msg); err == nil || errors.Is(err, ErrPoison) {
					return err
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(time.Duration(i+1) * backoff):
				}
			}
			return err
		}
	}
}
