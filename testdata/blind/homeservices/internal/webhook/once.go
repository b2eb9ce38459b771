// Package webhook has helpers shared by the webhook receivers.
package webhook

import (
	"context"
	"fmt"
	"log/slog"
)

// Ledger remembers which events were handled.
type Ledger interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
}

// Once wraps next so that an event whose id was already recorded for source
// is acknowledged without running next again.
func Once[E any](source string, ledger Ledger, id func(E) string, next func(context.Context, E) error) func(context.Context, E) error {
	return func(ctx context.Context, evt E) error {
		key := id(evt)
		seen, err := ledger.Seen(ctx, source, key)
		if err != nil {
			return fmt.Errorf("webhook: lookup %s/%s: %w", source, key, err)
		}
		if seen {
			slog.DebugContext(ctx, "webhook already processed", "source", source, "event", key)
			return nil
		}
		if err := next(ctx, evt); err != nil {
			return err
		}
		return ledger.Record(ctx, source, key)
	}
}
