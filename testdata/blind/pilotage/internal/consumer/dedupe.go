package consumer

import (
	"context"
	"fmt"

	"github.com/segmentio/kafka-go"
)

// ProcessedStore remembers which messages a consumer has handled.
type ProcessedStore interface {
	Seen(ctx context.Context, consumer, key string) (bool, error)
	Mark(ctx context.Context, consumer, key string) error
}

// Deduplicate skips messages whose key the consumer has already handled.
// Producers that redeliver whole batches (the VTS bridge does, after its
// own restarts) would otherwise have every report processed twice.
func Deduplicate(store ProcessedStore, consumer string, key func(kafka.Message) string, next Handler) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		k := key(msg)
		if k == "" {
			return next(ctx, msg)
		}
		seen, err := store.Seen(ctx, consumer, k)
		if err != nil {
			return fmt.Errorf("dedupe lookup: %w", err)
		}
		if seen {
			return nil
		}
		if err := next(ctx, msg); err != nil {
			return err
		}
		return store.Mark(ctx, consumer, k)
	}
}
