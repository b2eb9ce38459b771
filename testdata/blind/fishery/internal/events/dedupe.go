package events

import (
	"context"
	"encoding/json"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// SkipProcessed wraps next so that an event already applied by consumer is
// acknowledged without running next again. Producers on the partner topics
// republish on their side after timeouts, so the same event can arrive at
// different offsets.
func SkipProcessed(store ports.ProcessedEventStore, consumer string, next Handler) Handler {
	return HandlerFunc(func(ctx context.Context, meta Meta, data json.RawMessage) error {
		done, err := store.Seen(ctx, consumer, meta.EventID)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if err := next.Handle(ctx, meta, data); err != nil {
			return err
		}
		return store.Record(ctx, consumer, meta.EventID)
	})
}
