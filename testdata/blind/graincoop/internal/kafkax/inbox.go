package kafkax

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Inbox remembers which events a consumer has already processed.
type Inbox interface {
	Seen(ctx context.Context, consumer, eventID string) (bool, error)
	Mark(ctx context.Context, consumer, eventID string) error
}

// SkipSeen returns middleware that skips events the named consumer has
// already processed and records each one it completes.
func SkipSeen(inbox Inbox, consumer string) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg kafka.Message) error {
			id := Header(msg, HeaderEventID)
			if id == "" {
				return next(ctx, msg)
			}
			seen, err := inbox.Seen(ctx, consumer, id)
			if err != nil {
				return err
			}
			if seen {
				return nil
			}
			if err := next(ctx, msg); err != nil {
				return err
			}
			return inbox.Mark(ctx, consumer, id)
		}
	}
}
