package dispatch

import "context"

// SeenStore remembers handled event ids per consumer.
type SeenStore interface {
	Seen(ctx context.Context, consumer, eventID string) (bool, error)
	MarkSeen(ctx context.Context, consumer, eventID string) error
}

// Dedup skips events the consumer has already handled. Producers retry
// publishes on broker timeouts, so the same event id can arrive twice.
func Dedup(store SeenStore, consumer string) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			seen, err := store.Seen(ctx, consumer, env.EventID)
			if err != nil {
				return err
			}
			if seen {
				return nil
			}
			if err := next(ctx, env); err != nil {
				return err
			}
			return store.MarkSeen(ctx, consumer, env.EventID)
		}
	}
}
