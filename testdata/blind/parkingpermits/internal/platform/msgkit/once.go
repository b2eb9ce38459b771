package msgkit

import (
	"context"
	"fmt"
)

// ProcessedStore remembers which message IDs a consumer has handled.
type ProcessedStore interface {
	Seen(ctx context.Context, consumer, msgID string) (bool, error)
	Mark(ctx context.Context, consumer, msgID string) error
}

// Once wraps h so that a message whose ID the store has already seen is acked
// without calling h again. JetStream's own duplicate window only covers the
// publish side; kiosks re-send on reconnect with the same Nats-Msg-Id, so the
// consumer keeps its own record.
func Once[T any](store ProcessedStore, consumer string, h Handler[T]) Handler[T] {
	return func(ctx context.Context, meta Meta, payload T) error {
		seen, err := store.Seen(ctx, consumer, meta.MsgID)
		if err != nil {
			return fmt.Errorf("%s: processed lookup: %w", consumer, err)
		}
		if seen {
			return nil
		}
		if err := h(ctx, meta, payload); err != nil {
			return err
		}
		if err := store.Mark(ctx, consumer, meta.MsgID); err != nil {
			return fmt.Errorf("%s: mark processed: %w", consumer, err)
		}
		return nil
	}
}
