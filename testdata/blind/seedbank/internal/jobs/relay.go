package jobs

import (
	"context"
	"log/slog"
	"time"
)

// Flusher publishes one batch of outbox rows.
type Flusher interface {
	Flush(ctx context.Context) (int, error)
}

// RelayLoop runs the outbox relay inside seedbank-worker until ctx ends.
// A failed flush leaves its rows unpublished and is retried on the next
// tick.
func RelayLoop(ctx context.Context, f Flusher, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		for {
			n, err := f.Flush(ctx)
			if err != nil {
				log.WarnContext(ctx, "outbox flush failed", slog.Any("err", err))
				break
			}
			if n == 0 {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
