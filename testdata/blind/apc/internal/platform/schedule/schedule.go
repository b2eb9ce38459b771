// Package schedule runs periodic jobs inside long-lived worker processes.
package schedule

import (
	"context"
	"log/slog"
	"time"
)

// Job is one unit of periodic work. It returns how many items it handled
// for logging.
type Job func(ctx context.Context) (int, error)

// Every runs job immediately and then every interval until ctx ends.
// Errors are logged; the next tick tries again.
func Every(ctx context.Context, interval time.Duration, name string, log *slog.Logger, job Job) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		runOnce(ctx, name, log, job)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func runOnce(ctx context.Context, name string, log *slog.Logger, job Job) {
	start := time.Now()
	n, err := job(ctx)
	if err != nil {
		log.ErrorContext(ctx, "job failed", "job", name, "handled", n, "err", err)
		return
	}
	if n > 0 {
		log.InfoContext(ctx, "job done", "job", name, "handled", n, "duration_ms", time.Since(start).Milliseconds())
	}
}
