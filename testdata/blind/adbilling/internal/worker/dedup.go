package worker

import (
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/brightlane/adbilling/internal/repository"
)

// Deduplicated skips messages the named consumer has already processed and
// records each message once the handler succeeds.
func Deduplicated(store repository.ProcessedMessages, consumer string, next message.NoPublishHandlerFunc) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		ctx := msg.Context()
		done, err := store.IsProcessed(ctx, consumer, msg.UUID)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if err := next(msg); err != nil {
			return err
		}
		return store.MarkProcessed(ctx, consumer, msg.UUID)
	}
}
