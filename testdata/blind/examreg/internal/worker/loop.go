// Package worker holds the periodic background workers run by the server.
package worker

import (
	"context"
	"log/slog"
	"time"
)

// Task is one pass of a periodic worker.
type Task func(ctx context.Context) error

// Every runs task every interval until ctx ends. A failed pass is logged and
// the whole pass runs again at the next tick.
func Every(ctx context.Context, log *slog.Logger, name string, interval time.Duration, task Task) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := task(ctx); err != nil && ctx.Err() == nil {
			log.ErrorContext(ctx, "worker pass failed", "worker", name, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
