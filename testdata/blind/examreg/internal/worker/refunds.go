package worker

import (
	"context"
	"log/slog"
)

// RefundDrainer processes queued refunds.
type RefundDrainer interface {
	DrainQueued(ctx context.Context, limit int) (int, error)
}

// RefundQueue returns a Task draining the refund queue.
func RefundQueue(d RefundDrainer, log *slog.Logger, batch int) Task {
	return func(ctx context.Context) error {
		n, err := d.DrainQueued(ctx, batch)
		if n > 0 {
			log.InfoContext(ctx, "refunds issued", "count", n)
		}
		return err
	}
}
