package bus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
)

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks an error as not worth retrying. The Acker terminates the
// message instead of scheduling a redelivery.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// IsPermanent reports whether err was wrapped with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Recover turns a panic in a handler into an error.
func Recover(log *slog.Logger) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m *Msg) (err error) {
			defer func() {
				if r := recover(); r != nil {
					log.Error("handler panic", "subject", m.Subject(), "panic", r, "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return next(ctx, m)
		}
	}
}

// Logging logs the outcome and duration of every delivery.
func Logging(log *slog.Logger) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m *Msg) error {
			start := time.Now()
			err := next(ctx, m)
			attrs := []any{
				"durable", m.Durable,
				"subject", m.Subject(),
				"msg_id", m.ID(),
				"delivered", m.Delivered(),
				"took", time.Since(start),
			}
			switch {
			case err == nil:
				log.Debug("handled", attrs...)
			case IsPermanent(err):
				log.Error("dropped", append(attrs, "err", err)...)
			default:
				log.Warn("will retry", append(attrs, "err", err)...)
			}
			return err
		}
	}
}

// Timeout bounds the time a handler may spend on one message.
func Timeout(d time.Duration) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m *Msg) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, m)
		}
	}
}

// Acker acknowledges successful deliveries, terminates permanent failures
// and naks everything else with a delay that grows with the delivery count.
func Acker(base, max time.Duration) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m *Msg) error {
			err := next(ctx, m)
			switch {
			case err == nil:
				if ackErr := m.raw.Ack(); ackErr != nil {
					return fmt.Errorf("ack: %w", ackErr)
				}
			case IsPermanent(err):
				_ = m.raw.Term()
			default:
				delay := base << min(m.Delivered(), 10)
				if delay > max {
					delay = max
				}
				_ = m.raw.NakWithDelay(delay)
			}
			return err
		}
	}
}

// DedupeStore remembers which message ids a consumer has finished.
type DedupeStore interface {
	Seen(ctx context.Context, consumer, msgID string) (bool, error)
	Mark(ctx context.Context, consumer, msgID string) error
}

// Dedupe skips messages whose id the consumer has already processed and
// records the id once the handler succeeds.
func Dedupe(store DedupeStore) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m *Msg) error {
			id := m.ID()
			seen, err := store.Seen(ctx, m.Durable, id)
			if err != nil {
				return fmt.Errorf("dedupe lookup: %w", err)
			}
			if seen {
				return nil
			}
			if err := next(ctx, m); err != nil {
				return err
			}
			if err := store.Mark(ctx, m.Durable, id); err != nil {
				return fmt.Errorf("dedupe mark: %w", err)
			}
			return nil
		}
	}
}
