package kafkaconsumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
)

// Middleware wraps a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

// Chain composes middlewares; the first one is outermost.
func Chain(mws ...Middleware) Middleware {
	return func(h HandlerFunc) HandlerFunc {
		for i := len(mws) - 1; i >= 0; i-- {
			h = mws[i](h)
		}
		return h
	}
}

// Recover turns a handler panic into an error.
func Recover(l *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, m Message) (err error) {
			defer func() {
				if p := recover(); p != nil {
					l.Error("handler panic", "topic", m.Topic, "offset", m.Offset, "panic", p, "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			return next(ctx, m)
		}
	}
}

// Logging logs each handled message.
func Logging(l *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, m Message) error {
			start := time.Now()
			err := next(ctx, m)
			attrs := []any{"topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "took", time.Since(start)}
			if err != nil {
				l.Warn("handler failed", append(attrs, "err", err)...)
			} else {
				l.Debug("handled", attrs...)
			}
			return err
		}
	}
}

// Timeout bounds each handler call.
func Timeout(d time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, m Message) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, m)
		}
	}
}

// ProcessedStore remembers which messages a consumer has handled.
type ProcessedStore interface {
	Processed(ctx context.Context, consumer, key string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, key string) error
}

// KeyFunc derives the processed-message key of a message.
type KeyFunc func(Message) string

// HeaderOrOffset keys a message by a producer header, falling back to its
// topic, partition and offset.
func HeaderOrOffset(header string) KeyFunc {
	return func(m Message) string {
		if v := m.Headers[header]; v != "" {
			return v
		}
		return fmt.Sprintf("%s/%d/%d", m.Topic, m.Partition, m.Offset)
	}
}

// SkipProcessed drops messages the consumer has already handled.
func SkipProcessed(st ProcessedStore, consumer string, key KeyFunc) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, m Message) error {
			k := key(m)
			done, err := st.Processed(ctx, consumer, k)
			if err != nil {
				return err
			}
			if done {
				return nil
			}
			if err := next(ctx, m); err != nil {
				return err
			}
			return st.MarkProcessed(ctx, consumer, k)
		}
	}
}

// JSON adapts a typed handler to a HandlerFunc by decoding the value.
// Undecodable messages are permanent failures.
func JSON[T any](fn func(ctx context.Context, v T) error) HandlerFunc {
	return func(ctx context.Context, m Message) error {
		var v T
		if err := json.Unmarshal(m.Value, &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", m.Topic, err))
		}
		return fn(ctx, v)
	}
}
