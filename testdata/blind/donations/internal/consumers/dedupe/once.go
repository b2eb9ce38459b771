// Package dedupe provides consumer middleware that skips message ids a
// consumer has already handled.
package dedupe

import (
	"context"

	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/platform/rabbit"
	"github.com/kindredgive/donations/internal/repository"
)

// Guard wraps handlers with processed-message bookkeeping.
type Guard struct {
	inbox repository.InboxRepo
	log   *zap.Logger
}

// NewGuard builds a Guard over the processed_messages table.
func NewGuard(inbox repository.InboxRepo, log *zap.Logger) *Guard {
	return &Guard{inbox: inbox, log: log.Named("dedupe")}
}

// Once runs next at most once per (consumer, message id). Messages without
// an id are passed through.
func (g *Guard) Once(consumer string, next rabbit.HandlerFunc) rabbit.HandlerFunc {
	return func(ctx context.Context, d rabbit.Delivery) error {
		if d.MessageID == "" {
			return next(ctx, d)
		}
		seen, err := g.inbox.Seen(ctx, consumer, d.MessageID)
		if err != nil {
			return err
		}
		if seen {
			g.log.Debug("skipping duplicate", zap.String("consumer", consumer), zap.String("message_id", d.MessageID))
			return nil
		}
		if err := next(ctx, d); err != nil {
			return err
		}
		return g.inbox.Mark(ctx, consumer, d.MessageID)
	}
}
