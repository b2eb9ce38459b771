// Package consumers runs the JetStream durable consumer of the FESTIVAL
// stream and dispatches each message to the handler registered for its
// subject.
package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// HandlerFunc processes one message. A nil error acks it; an error naks it
// for redelivery after a backoff.
type HandlerFunc func(ctx context.Context, msg jetstream.Msg) error

// Registry maps a subject to its handler.
type Registry map[string]HandlerFunc

// ErrPermanent marks a message that will never succeed; it is terminated
// instead of redelivered.
var ErrPermanent = errors.New("permanent failure")

// JSON decodes the message payload into T before calling fn.
func JSON[T any](fn func(ctx context.Context, v T) error) HandlerFunc {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPermanent, msg.Subject(), err)
		}
		return fn(ctx, v)
	}
}

// Subjects returns the registered subjects, used as the consumer filter.
func (r Registry) Subjects() []string {
	out := make([]string, 0, len(r))
	for s := range r {
		out = append(out, s)
	}
	return out
}

func backoff(delivered uint64) time.Duration {
	d := time.Duration(1<<min(delivered, 8)) * time.Second
	return min(d, 5*time.Minute)
}

// Dispatch runs the handler for msg and acknowledges it accordingly.
func (r Registry) Dispatch(ctx context.Context, msg jetstream.Msg) {
	h, ok := r[msg.Subject()]
	if !ok {
		slog.WarnContext(ctx, "no handler for subject", "subject", msg.Subject())
		_ = msg.Term()
		return
	}
	meta, _ := msg.Metadata()
	hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	err := h(hctx, msg)
	switch {
	case err == nil:
		if err := msg.Ack(); err != nil {
			slog.WarnContext(ctx, "ack failed", "subject", msg.Subject(), "err", err)
		}
	case errors.Is(err, ErrPermanent):
		slog.ErrorContext(ctx, "dropping message", "subject", msg.Subject(), "err", err)
		_ = msg.TermWithReason(err.Error())
	default:
		var delivered uint64 = 1
		if meta != nil {
			delivered = meta.NumDelivered
		}
		slog.WarnContext(ctx, "handler failed, will retry", "subject", msg.Subject(), "delivered", delivered, "err", err)
		_ = msg.NakWithDelay(backoff(delivered))
	}
}
