package consumer

import (
	"context"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

// InboxStore records processed message IDs per consumer.
type InboxStore interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	Mark(ctx context.Context, consumer, messageID string) error
}

// MessageID returns the publisher's Nats-Msg-Id, or the stream sequence
// when the publisher did not set one.
func MessageID(msg jetstream.Msg) string {
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return id
	}
	if md, err := msg.Metadata(); err == nil {
		return md.Stream + ":" + strconv.FormatUint(md.Sequence.Stream, 10)
	}
	return ""
}

// Dedup skips messages the named consumer has already processed. Telematics
// units resend a pass when they miss the publish ack, with the same
// Nats-Msg-Id, and JetStream redelivers after AckWait.
func Dedup(store InboxStore, consumer string) Decorator {
	return func(next Handler) Handler {
		return func(ctx context.Context, msg jetstream.Msg) error {
			id := MessageID(msg)
			if id == "" {
				return next(ctx, msg)
			}
			seen, err := store.Seen(ctx, consumer, id)
			if err != nil {
				return err
			}
			if seen {
				return nil
			}
			if err := next(ctx, msg); err != nil {
				return err
			}
			return store.Mark(ctx, consumer, id)
		}
	}
}
