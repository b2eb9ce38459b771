package wallet

import (
	"context"

	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// MessageLog implements bus.DedupeStore on processed_messages.
type MessageLog struct {
	Pool txn.Pool
}

func (l MessageLog) Seen(ctx context.Context, consumer, msgID string) (bool, error) {
	return store.New(l.Pool).IsMessageProcessed(ctx, store.IsMessageProcessedParams{
		Consumer: consumer,
		MsgID:    msgID,
	})
}

func (l MessageLog) Mark(ctx context.Context, consumer, msgID string) error {
	return store.New(l.Pool).MarkMessageProcessed(ctx, store.MarkMessageProcessedParams{
		Consumer: consumer,
		MsgID:    msgID,
	})
}
