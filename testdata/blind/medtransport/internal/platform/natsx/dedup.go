package natsx

import (
	"context"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// ProcessedStore remembers which messages a consumer has handled.
type ProcessedStore interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

// TxRunner opens a transaction that the handler's repositories join.
type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Dedup skips messages that the named consumer has already processed and
// runs the handler inside a transaction.
func Dedup(store ProcessedStore, tx TxRunner, consumer string, next Handler) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		id := MessageID(msg)
		if id == "" {
			return next(ctx, msg)
		}
		return tx.WithinTx(ctx, func(ctx context.Context) error {
			seen, err := store.Seen(ctx, consumer, id)
			if err != nil {
				return fmt.Errorf("dedup lookup: %w", err)
			}
			if seen {
				return nil
			}
			if err := next(ctx, msg); err != nil {
				return err
			}
			return store.MarkProcessed(ctx, consumer, id)
		})
	}
}
