package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"
)

// HandlerFunc processes one envelope. Returning an error leaves the message
// on the queue; it becomes visible again after the visibility timeout.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Route binds a message type to its handler. Consumers take a slice of these.
type Route struct {
	Name string
	Fn   HandlerFunc
}

// Typed decodes the payload into T before calling fn.
func Typed[T any](fn func(ctx context.Context, env Envelope, msg T) error) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var msg T
		if err := json.Unmarshal(env.Payload, &msg); err != nil {
			return Drop(fmt.Errorf("decode %s payload: %w", env.Type, err))
		}
		return fn(ctx, env, msg)
	}
}

// Middleware decorates a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

// Chain applies mws so the first one is outermost.
func Chain(h HandlerFunc, mws ...Middleware) HandlerFunc {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// Logged records each handled message with its outcome and duration.
func Logged(logger *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			start := time.Now()
			err := next(ctx, env)
			attrs := []any{
				"type", env.Type,
				"id", env.ID,
				"receive_count", env.ReceiveCount,
				"took", time.Since(start),
			}
			if err != nil {
				logger.WarnContext(ctx, "message failed", append(attrs, "err", err)...)
				return err
			}
			logger.DebugContext(ctx, "message handled", attrs...)
			return nil
		}
	}
}

// Timeout bounds each handler invocation.
func Timeout(d time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, env)
		}
	}
}

type dropError struct{ err error }

func (d dropError) Error() string { return d.err.Error() }
func (d dropError) Unwrap() error { return d.err }

// Drop marks an error as not worth redelivering; the consumer deletes the
// message after logging it.
func Drop(err error) error { return dropError{err: err} }
